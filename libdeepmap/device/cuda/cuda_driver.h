/* cuda_driver.h -- the CUDA driver API, opened at run time.

   libcuda.so.1 is found with dlopen (DEEPMAP_CUDA_LIBRARY overrides the
   name; the testsuite points it at its fake driver), so the runtime has no
   link-time dependency on CUDA and a machine without a driver simply has
   no CUDA devices.  The types come from the toolkit's cuda.h.  */
#ifndef DM_CUDA_DRIVER_H
#define DM_CUDA_DRIVER_H

#include <cuda.h>

/* One pointer per function of cuda-functions.def.  A name cuda.h
   redirects (cuMemAlloc -> cuMemAlloc_v2) is redirected here too, so the
   member and the symbol looked up are the versioned ones.  */
struct dm_cuda_driver
{
#define DM_CUDA_FN(name) __typeof__ (name) *name;
#include "device/cuda/cuda-functions.def"
#undef DM_CUDA_FN
};

extern struct dm_cuda_driver dm_cu;

/* Open the driver and resolve every function, once.  Returns 1 when the
   driver is usable, 0 when there is none (no library: not an error), -1
   with a reason when a library was found but is unusable (a missing
   function, cuInit failing other than for lack of devices).  */
int dm_cuda_driver_open (void);

/* "NAME failed: TEXT (CODE_NAME)" into the thread's reason, for a driver
   call NAME that returned R; WHAT says what the call was for.  */
void dm_cuda_reason (CUresult r, const char *name, const char *fmt, ...)
  __attribute__ ((format (printf, 3, 4)));

/* Call a driver function; on failure leave a reason naming it and the
   device, and evaluate to nonzero.  FN is given undecorated; the reason
   names it the way the CUDA documentation does.  */
#define DM_CU(dev_id, fn, ...)						\
  __extension__ ({							\
    CUresult dm_cu_r_ = dm_cu.fn (__VA_ARGS__);				\
    if (dm_cu_r_ != CUDA_SUCCESS)					\
      dm_cuda_reason (dm_cu_r_, #fn, "cuda device %d", (dev_id));	\
    dm_cu_r_ != CUDA_SUCCESS;						\
  })

#endif
