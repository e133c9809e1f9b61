/* emu_globals.h -- declare-target variables around a region of the
   emulated device (device.h, run_with_globals).  Region code is host
   code and reaches the variables at their host addresses: for the
   region those hold the device values, and what the region wrote goes
   to the device copies after.  */
#ifndef DM_EMU_GLOBALS_H
#define DM_EMU_GLOBALS_H

#include <stddef.h>

#include "device/device.h"

/* What the exchange keeps between regions: a buffer of hundreds of
   megabytes made anew would cost its page faults every time; and which
   variables are copied (the others are kept as page hashes).  */
struct dm_emu_globals
{
  char *buf;
  size_t size;
  unsigned char *swapped;
  size_t nflags;
};

/* Put REFS[0..N) in place, run RUN (ARG), put them back.  ARGS[0..NARGS)
   are the region's arguments (device addresses and values), HOST_ARGS
   (or NULL: none known) the host addresses they stand for: one that is
   a variable's is the variable's host address while RUN runs (where the
   device value is then).
   Returns RUN's result, or -1 with a reason when out of host memory.  */
int dm_emu_globals_run (struct dm_emu_globals *keep,
			const struct dm_global_ref *refs, size_t n,
			uintptr_t *args, void *const *host_args, size_t nargs,
			int (*run) (void *arg), void *arg);

#endif
