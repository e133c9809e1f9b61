/* emu_link.h -- a model of the link between host and emulated device
   (DEEPMAP_EMU_LINK=BANDWIDTH,LATENCY): each transfer costs the latency
   plus its bytes at the bandwidth, and one copy engine per direction
   serves transfers one at a time, as on PCIe.  Without it every copy is
   a memcpy and costs almost nothing, so transfer counts, batching and
   overlap of copies with regions could not show on a machine without a
   GPU.  Device-to-device copies stay free (device memory bandwidth).  */
#ifndef DM_EMU_LINK_H
#define DM_EMU_LINK_H

#include <stddef.h>
#include <stdint.h>

#include "support/config.h"

enum dm_emu_dir
{
  DM_EMU_H2D,
  DM_EMU_D2H,
  DM_EMU_D2D
};

/* Whether the link model is on (DEEPMAP_EMU_LINK set).  */
static inline int
dm_emu_link_on (void)
{
  return dm_config.emu_link_bandwidth != 0;
}

uint64_t dm_emu_link_reserve_on (enum dm_emu_dir dir, size_t size);

/* A transfer of SIZE bytes in direction DIR starts now: when will the
   modelled link have finished it (after the transfers before it in that
   direction)?  0 when there is nothing to wait for.  Without the model,
   a test and no call.  */
static inline uint64_t
dm_emu_link_reserve (enum dm_emu_dir dir, size_t size)
{
  if (dir == DM_EMU_D2D || !dm_emu_link_on ())
    return 0;
  return dm_emu_link_reserve_on (dir, size);
}

/* Wait until the time dm_emu_link_reserve gave (the bytes are copied in
   between, so the copy's own time counts towards the model's).  */
void dm_emu_link_wait (uint64_t until);

#endif
