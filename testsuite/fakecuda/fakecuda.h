/* fakecuda.h -- what the fake CUDA driver (libcuda.so.1 of the testsuite)
   offers tests beyond the driver API.  Tests find these functions with
   dlsym in the library named by DEEPMAP_CUDA_LIBRARY; this header needs
   no cuda.h.  */
#ifndef FAKECUDA_H
#define FAKECUDA_H

#include <stddef.h>

/* One kernel launch as cuLaunchKernel received it.  */
struct fakecuda_launch
{
  char name[128];		/* the kernel's name in its module */
  unsigned grid[3], block[3];
  unsigned shared_bytes;
  void *stream;
  unsigned char params[64];	/* the CU_LAUNCH_PARAM_BUFFER contents */
  size_t params_size;
};

/* Copy the last launch to *OUT; returns the number of launches so far.  */
typedef unsigned long (*fakecuda_last_launch_fn) (struct fakecuda_launch *);

/* How many times a driver function was called (by its documented name,
   e.g. "cuMemAlloc"), or one of the fake's own counters:
     "htod_from_pinned"  host-to-device copies whose source is pinned
     "dtoh_to_pinned"    device-to-host copies whose target is pinned
     "max_copy_bytes"    largest single copy
     "pinned_live"       pinned allocations alive
     "device_live"       device allocations alive
     "queued_copies"     copies put on a stream the caller made (not run
			 at once on a special stream)
     "queued_launches"   kernel launches on such a stream
     "kernel_overlaps"   kernels that started while another ran
     "dtoh_pageable_waits"  copies into pageable memory queued on such a
			 stream: the caller waited for the stream  */
typedef unsigned long (*fakecuda_count_fn) (const char *what);

/* Set every counter to zero.  */
typedef void (*fakecuda_reset_fn) (void);

/* The storage of the module global NAME loaded last (its device memory,
   which the fake keeps in host memory), or NULL when none was loaded.  */
typedef void *(*fakecuda_global_fn) (const char *name);

#endif
