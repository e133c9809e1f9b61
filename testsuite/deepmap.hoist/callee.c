/* A time loop that calls a step function holding the target constructs
   (issue 9: a callee analysed at its call sites).  The plugin has GCC
   inline small functions with constructs wherever they are called, so
   the loop sees the constructs and keeps A and B on the device: 2 copies
   each way instead of 2 per step.  A callee marked noinline is left as
   it is: its caller's loop copies at every step.  */
/* { dg-options "-fplugin-arg-deepmap-report" } */
/* { dg-set-target-env-var DEEPMAP_STATS "1" } */
/* step: A and B in and out once (2 x 8000 bytes each way); pinned: B in
   and out at each of 10 steps.  */
/* { dg-output "deepmap: device 0 \\((emu|cuda)\\): h2d 12 transfers 96000 bytes, d2h 12 transfers 96000 bytes" { target offload_device } } */
#include <stdlib.h>
#include <string.h>

#define N 1000
#define STEPS 10

void step (int n, double *A, double *B);
void pinned (int n, double *B);

void
step (int n, double *A, double *B)
{
#pragma omp target teams distribute parallel for map(tofrom: A[0:n], B[0:n])
  for (int i = 1; i < n - 1; i++)
    B[i] = 0.5 * (A[i - 1] + A[i + 1]);
#pragma omp target teams distribute parallel for map(tofrom: A[0:n], B[0:n])
  for (int i = 1; i < n - 1; i++)
    A[i] = 0.5 * (A[i] + B[i]);
}

__attribute__ ((noinline)) void
pinned (int n, double *B)
{
#pragma omp target teams distribute parallel for map(tofrom: B[0:n])
  for (int i = 0; i < n; i++)
    B[i] = B[i] * 0.5 + 1;
}

__attribute__ ((noinline)) static void
solve (int n, int steps, double *A, double *B)
{
  for (int t = 0; t < steps; t++)
    step (n, A, B);
  for (int t = 0; t < steps; t++)
    pinned (n, B);
}

int
main (void)
{
  double *A = malloc (N * sizeof *A), *B = malloc (N * sizeof *B);
  double *a = malloc (N * sizeof *a), *b = malloc (N * sizeof *b);
  for (int i = 0; i < N; i++)
    {
      A[i] = a[i] = (i * 7 % 13) / 13.0;
      B[i] = b[i] = (i * 3 % 11) / 11.0;
    }
  solve (N, STEPS, A, B);
  for (int t = 0; t < STEPS; t++)
    {
      for (int i = 1; i < N - 1; i++)
	b[i] = 0.5 * (a[i - 1] + a[i + 1]);
      for (int i = 1; i < N - 1; i++)
	a[i] = 0.5 * (a[i] + b[i]);
    }
  for (int t = 0; t < STEPS; t++)
    for (int i = 0; i < N; i++)
      b[i] = b[i] * 0.5 + 1;
  if (memcmp (A, a, N * sizeof *a) || memcmp (B, b, N * sizeof *b))
    abort ();
  return 0;
}

/* { dg-final { scan-deepmap-report "callee.c:24:9: deepmap: hoist: 'A' kept on the device across the loop at callee.c:43 \\(enter data map\\(to\\), exit data map\\(from\\)\\)" } } */
/* { dg-final { scan-deepmap-report "callee.c:27:9: deepmap: hoist: 'B' kept on the device across the loop at callee.c:43" } } */
/* { dg-final { scan-deepmap-report-not "callee.c:35:9: deepmap: hoist: 'B' kept on the device across the loop" } } */
