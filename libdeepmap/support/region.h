/* region.h -- the device a thread is currently running a target region
   for (NULL on the host); omp_is_initial_device () and omp_get_device_num ()
   read it.  Backends that run regions on host threads (the emulated
   device) bracket each region with these calls.  */
#ifndef DM_REGION_H
#define DM_REGION_H

#include "support/export.h"

struct dm_backend_dev;		/* device/device.h */

/* The ICVs whose scope is a device (OpenMP 5.1's nteams-var and
   teams-thread-limit-var).  A GPU's own runtime keeps them in device
   memory; region code on the emulated device is host code, so the
   routines that read and set them must find its device's copies, not
   the host's (support/device_icv.c).  Read and written atomically: every
   thread of the device's regions shares them.  */
struct dm_device_icvs
{
  int nteams;
  int teams_thread_limit;
};

extern DM_TLS struct dm_backend_dev *dm_current_device;

/* What a thread runs a region for: the device and its ICVs.  */
struct dm_region_state
{
  struct dm_backend_dev *dev;
  struct dm_device_icvs *icvs;
};

/* Enter a region of DEV, whose ICVs are ICVS, on this thread; returns
   what to restore.  */
struct dm_region_state dm_region_enter (struct dm_backend_dev *dev,
					struct dm_device_icvs *icvs);
void dm_region_exit (struct dm_region_state prev);

/* The ICVs of the device this thread runs a region for; NULL on the
   host.  */
struct dm_device_icvs *dm_region_icvs (void);

/* After a region's code on this thread: how many teams it ran (1 where
   it has no teams construct); starts the count again.  */
unsigned dm_region_teams_take (void);

#endif
