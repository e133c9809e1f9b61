/* A one-element section read by the host after each step, beside a host
   store through another pointer of the same type (seen[g]) that may
   alias it: only the read is the section itself.  The store moves what
   it touches of 'sum' (nothing, where it lies elsewhere), so 'sum' stays
   on the device across the outer loop: one copy back per step, not a
   copy in and out of every step.  Before, the store counted as a whole
   access of 'sum' and 'sum' was kept only across the inner loop (h2d 5,
   d2h 4).  Results are the host's.  */
/* { dg-options "-fplugin-arg-deepmap-report" } */
/* { dg-set-target-env-var DEEPMAP_STATS "1" } */
/* data and sum in once (8008 bytes); sum back before each of 4 host
   reads and at the end.  */
/* { dg-output "deepmap: device 0 \\((emu|cuda)\\): h2d 2 transfers 8008 bytes, d2h 5 transfers 40 bytes" { target offload_device } } */
#include <stdlib.h>

#define N 1000

__attribute__ ((noipa)) void
sums (const double *data, double *sum, double *seen)
{
  for (int g = 0; g < 4; g++)
    {
      for (int r = 0; r < 3; r++)
	{
#pragma omp target teams distribute parallel for map(to: data[0:N]) \
	map(tofrom: sum[0:1])
	  for (int i = 0; i < N; i++)
	    {
#pragma omp atomic
	      sum[0] += data[i] * g;
	    }
	}
      seen[g] = sum[0];
    }
}

int
main (void)
{
  static double data[N], sum[1], seen[4];
  for (int i = 0; i < N; i++)
    data[i] = i % 7;
  sums (data, sum, seen);
  double want = 0;
  for (int g = 0; g < 4; g++)
    {
      for (int r = 0; r < 3; r++)
	for (int i = 0; i < N; i++)
	  want += data[i] * g;
      if (seen[g] != want)
	abort ();
    }
  return 0;
}

/* { dg-final { scan-deepmap-report "store-elsewhere-scalar.c:25:9: deepmap: hoist: 'sum' kept on the device across the loop at store-elsewhere-scalar.c:21 " } } */
