/* dm-check.h -- helpers shared by the deepmap.runtime tests.

   Every test is self-checking: CHECK (testsuite/lib/check.h) prints
   what mismatched and aborts.
   DEV_READ copies the device copy of a mapped host object back into a
   scratch buffer through omp_get_mapped_ptr and omp_target_memcpy, so a
   test can look at device contents without disturbing the mapping.  */
#ifndef DM_CHECK_H
#define DM_CHECK_H

#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

/* OpenMP 5.1; GCC 12's omp.h lacks it, deepmap's runtime exports it.
   Weak, so that the tests still link against a libgomp without it.  */
extern void *omp_get_mapped_ptr (const void *, int) __attribute__ ((weak));

/* The device number every test offloads to.  */
static inline int
dm_dev (void)
{
  return omp_get_default_device ();
}

/* Fail unless there is an offload device.  */
static inline void
dm_require_device (void)
{
  CHECK (omp_get_num_devices () >= 1, "no offload device (%d devices)",
	 omp_get_num_devices ());
}

/* The device address HOST is mapped to on DEV; fails if not mapped.  */
static inline void *
dm_mapped (const void *host, int dev)
{
  CHECK (omp_get_mapped_ptr != NULL,
	 "omp_get_mapped_ptr is not provided by this libgomp");
  void *d = omp_get_mapped_ptr (host, dev);
  CHECK (d != NULL, "host %p is not mapped on device %d", host, dev);
  return d;
}

/* Copy SIZE bytes of the device copy of HOST (on DEV) into BUF.  */
static inline void
dm_dev_read (void *buf, const void *host, size_t size, int dev)
{
  void *d = dm_mapped (host, dev);
  int rc = omp_target_memcpy (buf, d, size, 0, 0, omp_get_initial_device (),
			      dev);
  CHECK (rc == 0, "omp_target_memcpy from device %d returned %d", dev, rc);
}

/* Copy SIZE bytes of BUF into the device copy of HOST (on DEV).  */
static inline void
dm_dev_write (const void *host, const void *buf, size_t size, int dev)
{
  void *d = dm_mapped (host, dev);
  int rc = omp_target_memcpy (d, (void *) buf, size, 0, 0, dev,
			      omp_get_initial_device ());
  CHECK (rc == 0, "omp_target_memcpy to device %d returned %d", dev, rc);
}

#endif
