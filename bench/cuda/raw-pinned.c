/* raw-pinned.c -- the physical limit: cuMemcpyHtoD / cuMemcpyDtoH between
   pinned host memory (cuMemHostAlloc) and device memory, 4 KiB ... MAX
   bytes, through the driver opened with dlopen.  Same output format as
   bandwidth.c.  Build: gcc -O2 -I$CUDA_HOME/include raw-pinned.c -ldl

   Usage: raw-pinned [MAX_BYTES [REPS]]  */
#include <cuda.h>
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../benchutil.h"

#define STR2(x) #x
#define STR(x) STR2 (x)
#define LOAD(h, f) ((__typeof__ (f) *) dlsym (h, STR (f)))
#define CK(call)							\
  do									\
    {									\
      CUresult r_ = (call);						\
      if (r_ != CUDA_SUCCESS)						\
	{								\
	  fprintf (stderr, "raw-pinned: %s failed: %d\n", #call, r_);	\
	  exit (1);							\
	}								\
    }									\
  while (0)

int
main (int argc, char **argv)
{
  size_t max = argc > 1 ? strtoull (argv[1], NULL, 0) : (size_t) 1 << 30;
  int reps = argc > 2 ? atoi (argv[2]) : 9;
  void *h = dlopen ("libcuda.so.1", RTLD_NOW);
  if (h == NULL)
    {
      fprintf (stderr, "raw-pinned: no CUDA driver: %s\n", dlerror ());
      return 1;
    }
  __typeof__ (cuInit) *init = LOAD (h, cuInit);
  __typeof__ (cuDeviceGet) *devget = LOAD (h, cuDeviceGet);
  __typeof__ (cuDevicePrimaryCtxRetain) *retain
    = LOAD (h, cuDevicePrimaryCtxRetain);
  __typeof__ (cuCtxSetCurrent) *setcur = LOAD (h, cuCtxSetCurrent);
  __typeof__ (cuMemAlloc) *alloc = LOAD (h, cuMemAlloc);
  __typeof__ (cuMemHostAlloc) *halloc = LOAD (h, cuMemHostAlloc);
  __typeof__ (cuMemcpyHtoD) *htod = LOAD (h, cuMemcpyHtoD);
  __typeof__ (cuMemcpyDtoH) *dtoh = LOAD (h, cuMemcpyDtoH);
  CUdevice dev;
  CUcontext ctx;
  CUdeviceptr d;
  void *p;
  CK (init (0));
  CK (devget (&dev, 0));
  CK (retain (&ctx, dev));
  CK (setcur (ctx));
  CK (alloc (&d, max));
  CK (halloc (&p, max, 0));
  memset (p, 1, max);
  double *t = malloc (reps * sizeof *t);
  printf ("# bytes h2d_GBps d2h_GBps (pinned, median of %d)\n", reps);
  for (size_t n = 4096; n <= max; n *= 2)
    {
      double bw[2];
      for (int dir = 0; dir < 2; dir++)
	{
	  for (int r = 0; r < reps; r++)
	    {
	      double t0 = bench_now_s ();
	      if (dir == 0)
		CK (htod (d, p, n));
	      else
		CK (dtoh (p, d, n));
	      t[r] = bench_now_s () - t0;
	    }
	  qsort (t, reps, sizeof *t, bench_cmp_double);
	  bw[dir] = n / t[reps / 2] / 1e9;
	}
      printf ("%zu %.3f %.3f\n", n, bw[0], bw[1]);
      fflush (stdout);
    }
  return 0;
}
