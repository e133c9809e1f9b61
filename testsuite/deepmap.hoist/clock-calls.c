/* Clock reads between steps (clock (), time (NULL)) store only their
   result, into a variable whose address is never taken: the arrays,
   parameters that any unknown call could otherwise reach, stay on the
   device across the outer loop.  Results are the host's.  */
/* { dg-options "-fplugin-arg-deepmap-report" } */
/* { dg-set-target-env-var DEEPMAP_STATS "1" } */
/* data and sum in once (8008 bytes); sum back before each of 4 host
   reads and at the end.  */
/* { dg-output "deepmap: device 0 \\((emu|cuda)\\): h2d 2 transfers 8008 bytes, d2h 5 transfers 40 bytes" { target offload_device } } */
#include <stdlib.h>
#include <time.h>

#define N 1000

__attribute__ ((noipa)) long
sums (const double *data, double *sum, double *seen)
{
  long ticks = 0;
  for (int g = 0; g < 4; g++)
    {
      clock_t start = clock ();
      time_t now = time (NULL);
      for (int r = 0; r < 3; r++)
	{
#pragma omp target teams distribute parallel for map(to: data[0:N]) \
	map(tofrom: sum[0:1]) reduction(+: sum[0])
	  for (int i = 0; i < N; i++)
	    sum[0] += data[i] * g;
	}
      ticks += (clock () - start) + (time (NULL) - now);
      seen[g] = sum[0];
    }
  return ticks;
}

int
main (void)
{
  static double data[N], sum[1], seen[4];
  for (int i = 0; i < N; i++)
    data[i] = i % 7;
  if (sums (data, sum, seen) < 0)
    abort ();
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

/* { dg-final { scan-deepmap-report "clock-calls.c:25:9: deepmap: hoist: 'data' kept on the device across the loop at clock-calls.c:19 " } } */
/* GCC 12 links an array reduction (sum[0]) for nvptx only with a 16-byte
   compare-and-swap that target lacks: not built for a GPU.  */
/* { dg-skip-if "GCC 12's nvptx has no __atomic_compare_exchange_16" { offload_target_nvptx } } */
