/* #pragma deepmap nohoist: the loop or target construct after it is not
   hoisted, and nothing else is: a loop after it that the pragma does not
   name is still kept on the device, and in a run of constructs the
   section of the named construct is copied by each construct.  */
/* { dg-options "-fplugin-arg-deepmap-report" } */
/* { dg-set-target-env-var DEEPMAP_STATS "1" } */
/* opted_loop: 10 steps in and out, then the next loop once; opted_run:
   3 constructs each way; 14 transfers of 800 bytes each way.  */
/* { dg-output "deepmap: device 0 \\((emu|cuda)\\): h2d 14 transfers 11200 bytes, d2h 14 transfers 11200 bytes" { target offload_device } } */
#include <stdlib.h>

#define N 100
#define STEPS 10

__attribute__ ((noinline)) static void
opted_loop (double *A, int n, int steps)
{
#pragma deepmap nohoist
  for (int t = 0; t < steps; t++)
    {
#pragma omp target teams distribute parallel for map(tofrom: A[0:n])
      for (int i = 0; i < n; i++)
	A[i] += 1;
    }
  for (int t = 0; t < steps; t++)
    {
#pragma omp target teams distribute parallel for map(tofrom: A[0:n])
      for (int i = 0; i < n; i++)
	A[i] *= 2;
    }
}

__attribute__ ((noinline)) static void
opted_run (double *B, int n)
{
#pragma omp target teams distribute parallel for map(tofrom: B[0:n])
  for (int i = 0; i < n; i++)
    B[i] += 1;
#pragma deepmap nohoist
#pragma omp target teams distribute parallel for map(tofrom: B[0:n])
  for (int i = 0; i < n; i++)
    B[i] *= 3;
#pragma omp target teams distribute parallel for map(tofrom: B[0:n])
  for (int i = 0; i < n; i++)
    B[i] -= 1;
}

int
main (void)
{
  double A[N], B[N];
  for (int i = 0; i < N; i++)
    A[i] = B[i] = i;
  opted_loop (A, N, STEPS);
  opted_run (B, N);
  for (int i = 0; i < N; i++)
    if (A[i] != (i + STEPS) * 1024.0 || B[i] != (i + 1) * 3.0 - 1)
      abort ();
  return 0;
}

/* { dg-final { scan-deepmap-report "nohoist.c:21:9: deepmap: hoist: missed: 'A' not kept on the device across the loop at nohoist.c:19 because '#pragma deepmap nohoist' applies to it" } } */
/* { dg-final { scan-deepmap-report "nohoist.c:27:9: deepmap: hoist: 'A' kept on the device across the loop at nohoist.c:25" } } */
/* { dg-final { scan-deepmap-report "nohoist.c:40:9: deepmap: hoist: missed: 'B' not kept on the device from the construct at nohoist.c:36 to the construct at nohoist.c:43 because '#pragma deepmap nohoist' applies to it" } } */
/* { dg-final { scan-deepmap-report-not "hoist: 'B' kept" } } */
