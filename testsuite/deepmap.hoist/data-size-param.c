/* data-size-in-loop.c with the count a parameter: a target data
   construct of the loop maps it (taking its address) beside the
   function's own copy of the array, and the loop also calls a function
   the alias oracle cannot see through.  The count's only other users
   are the constructs (no call can reach it), so its copy back leaves
   it as it was and the array is kept across the loop.  Results are the
   host's.  */
/* { dg-options "-fplugin-arg-deepmap-report" } */
/* { dg-set-target-env-var DEEPMAP_STATS "1" } */
/* a in and back once (800 bytes each way), the count in once (4
   bytes): no construct writes it, so it is kept across the loop too
   and never comes back.  */
/* { dg-output "deepmap: device 0 \\((emu|cuda)\\): h2d \[0-9\]+ transfers 804 bytes, d2h \[0-9\]+ transfers 800 bytes" { target offload_device } } */
#include <stdlib.h>
#include <string.h>

#define N 100

static double log_sum[2];

__attribute__ ((noipa)) void
note (int t)
{
  log_sum[t % 2] += t;
}

__attribute__ ((noinline)) static void
relax (double *in, int n, int steps)
{
  double *a = (double *) malloc (n * sizeof *a);
  memcpy (a, in, n * sizeof *a);
  for (int t = 0; t < steps; t++)
    {
#pragma omp target data map(tofrom: n, a[0:n])
#pragma omp target teams distribute parallel for
      for (int i = 0; i < n; i++)
	a[i] = a[i] * 0.5 + t;
      note (t);
    }
  memcpy (in, a, n * sizeof *a);
  free (a);
}

int
main (void)
{
  double *a = (double *) malloc (N * sizeof *a);
  for (int i = 0; i < N; i++)
    a[i] = i;
  relax (a, N, 6);
  for (int i = 0; i < N; i++)
    {
      double x = i;
      for (int t = 0; t < 6; t++)
	x = x * 0.5 + t;
      if (a[i] != x)
	abort ();
    }
  if (log_sum[0] != 0 + 2 + 4 || log_sum[1] != 1 + 3 + 5)
    abort ();
  return 0;
}

/* { dg-final { scan-deepmap-report "data-size-param.c:34:9: deepmap: hoist: 'a' kept on the device across the loop at data-size-param.c:32 \\(enter data map\\(to\\), exit data map\\(from\\)\\)" } } */
