/* A warm-up loop and a timed loop of the same kernel, as benchmarks
   (HeCBench's kernelLaunch) run it: the sections are kept across both
   loops, from the first loop's entry to the end of the second, instead
   of each loop copying them in and out again.  A host write between the
   loops gets its update; a call between them that cannot reach the
   arrays needs none.  Results are the host's.  */
/* { dg-options "-fplugin-arg-deepmap-report" } */
/* { dg-set-target-env-var DEEPMAP_STATS "1" } */
/* { dg-final { scan-deepmap-report "run-of-loops.c:27:9: deepmap: hoist: 'in' kept on the device from the loop at run-of-loops.c:25 to the loop at run-of-loops.c:33 \\(enter data map\\(to\\), exit data map\\(release\\)\\)" } } */
/* { dg-final { scan-deepmap-report "run-of-loops.c:27:9: deepmap: hoist: 'out' kept on the device from the loop at run-of-loops.c:25 to the loop at run-of-loops.c:33 \\(enter data map\\(to\\), exit data map\\(from\\)\\)" } } */
/* in and out in once each (8000 bytes), out back once; in[0] sent again
   after the host writes it between the loops (8 bytes).  */
/* { dg-output "deepmap: device 0 \\((emu|cuda)\\): h2d 3 transfers 16008 bytes, d2h 1 transfers 8000 bytes" { target offload_device } } */
#include <stdio.h>
#include <stdlib.h>
#include "check.h"

#define N 1000
#define WARMUP 10
#define REPEAT 50

__attribute__ ((noinline)) static void
bench (double *in, double *out, int n)
{
  for (int r = 0; r < WARMUP; r++)
    {
#pragma omp target teams distribute parallel for map(to: in[0:n]) map(tofrom: out[0:n])
      for (int i = 0; i < n; i++)
	out[i] += in[i];
    }
  puts ("warm");
  in[0] = 100;
  for (int r = 0; r < REPEAT; r++)
    {
#pragma omp target teams distribute parallel for map(to: in[0:n]) map(tofrom: out[0:n])
      for (int i = 0; i < n; i++)
	out[i] += in[i];
    }
}

int
main (void)
{
  double *in = (double *) malloc (N * sizeof (double));
  double *out = (double *) calloc (N, sizeof (double));
  for (int i = 0; i < N; i++)
    in[i] = i;
  bench (in, out, N);
  for (int i = 0; i < N; i++)
    CHECK (out[i] == (i == 0 ? REPEAT * 100.0 : (WARMUP + REPEAT) * (double) i),
	   "out[%d] = %g", i, out[i]);
  free (in);
  free (out);
  return 0;
}
