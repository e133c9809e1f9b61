/* Sizes that depend on the command line (n = argc > 1 ? atoi (argv[1])
   : N): GCC's jump threading gives each path its own malloc calls, and
   the loop sees the array as a PHI of two allocations.  Both are the
   function's own memory, so what holds for private memory holds: the
   scratch array, only freed after the loop, is not copied back
   ("nothing reads it afterwards"), nor in (its kernels read only what
   they wrote first).  Results are the host's.  */
/* { dg-options "-fplugin-arg-deepmap-report" } */
/* { dg-set-target-env-var DEEPMAP_STATS "1" } */
/* old in once and back once (8000 bytes each).  */
/* { dg-output "deepmap: device 0 \\((emu|cuda)\\): h2d 1 transfers 8000 bytes, d2h 1 transfers 8000 bytes" { target offload_device } } */
#include <stdlib.h>

#define N 1000

/* The same on the host.  */
__attribute__ ((noinline)) static double *
reference (int n, int steps)
{
  double *want = (double *) malloc (n * sizeof (double));
  for (int i = 0; i < n; i++)
    want[i] = i % 17;
  for (int t = 0; t < steps; t++)
    {
      double prev = want[0];
      for (int i = 1; i < n - 1; i++)
	{
	  double x = (prev + want[i] + want[i + 1]) / 3;
	  prev = want[i];
	  want[i] = x;
	}
    }
  return want;
}

int
main (int argc, char **argv)
{
  int n = argc > 1 ? atoi (argv[1]) : N, steps = 5;
  double *old = (double *) malloc (n * sizeof (double));
  double *scratch = (double *) malloc (n * sizeof (double));
  for (int i = 0; i < n; i++)
    old[i] = i % 17;
  for (int t = 0; t < steps; t++)
    {
#pragma omp target teams distribute parallel for \
	map(tofrom: old[0:n], scratch[0:n])
      for (int i = 1; i < n - 1; i++)
	scratch[i] = (old[i - 1] + old[i] + old[i + 1]) / 3;
#pragma omp target teams distribute parallel for \
	map(tofrom: old[0:n], scratch[0:n])
      for (int i = 1; i < n - 1; i++)
	old[i] = scratch[i];
    }
  double *want = reference (n, steps);
  for (int i = 0; i < n; i++)
    if (old[i] != want[i])
      abort ();
  free (old);
  free (scratch);
  free (want);
  return 0;
}

/* { dg-final { scan-deepmap-report "private-threaded.c:46:9: deepmap: hoist: 'scratch' kept on the device across the loop at private-threaded.c:44 \\(enter data map\\(alloc\\), exit data map\\(release\\)\\), not copied back: nothing reads it afterwards" } } */
