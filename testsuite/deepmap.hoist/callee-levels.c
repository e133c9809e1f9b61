/* Constructs two and three calls below a time loop (issue 9): the loop
   calls advance (), which calls stage (), which calls the functions that
   hold the target constructs.  The plugin has GCC inline every level, so
   the loop sees the constructs and keeps A and B on the device: 2 copies
   each way instead of 4 per step.  A chain whose middle function is
   noinline stops there: its loop copies at every step.  */
/* { dg-options "-fplugin-arg-deepmap-report" } */
/* { dg-set-target-env-var DEEPMAP_STATS "1" } */
/* solve: A and B in and out once; solve_pinned: A and B in and out at
   each of 10 steps (kept from the first construct of stage_pinned to its
   second, not across the loop): 22 each way.  */
/* { dg-output "deepmap: device 0 \\((emu|cuda)\\): h2d 22 transfers 176000 bytes, d2h 22 transfers 176000 bytes" { target offload_device } } */
#include <stdlib.h>
#include <string.h>
#include "smooth.h"

#define N 1000
#define STEPS 10

void smooth (int n, const double *A, double *B);
void relax (int n, double *A, const double *B);
void stage (int n, double *A, double *B);
void advance (int n, double *A, double *B);

void
smooth (int n, const double *A, double *B)
{
#pragma omp target teams distribute parallel for map(to: A[0:n]) map(tofrom: B[0:n])
  for (int i = 1; i < n - 1; i++)
    B[i] = 0.5 * (A[i - 1] + A[i + 1]);
}

void
relax (int n, double *A, const double *B)
{
#pragma omp target teams distribute parallel for map(tofrom: A[0:n]) map(to: B[0:n])
  for (int i = 1; i < n - 1; i++)
    A[i] = 0.5 * (A[i] + B[i]);
}

void
stage (int n, double *A, double *B)
{
  smooth (n, A, B);
  relax (n, A, B);
}

void
advance (int n, double *A, double *B)
{
  stage (n, A, B);
}

__attribute__ ((noinline)) static void
solve (int n, int steps, double *A, double *B)
{
  for (int t = 0; t < steps; t++)
    advance (n, A, B);
}

__attribute__ ((noinline)) static void
stage_pinned (int n, double *A, double *B)
{
  smooth (n, A, B);
  relax (n, A, B);
}

__attribute__ ((noinline)) static void
solve_pinned (int n, int steps, double *A, double *B)
{
  for (int t = 0; t < steps; t++)
    stage_pinned (n, A, B);
}

int
main (void)
{
  double *A = malloc (N * sizeof *A), *B = malloc (N * sizeof *B);
  double *a = malloc (N * sizeof *a), *b = malloc (N * sizeof *b);
  smooth_init (N, A, a, B, b);
  solve (N, STEPS, A, B);
  smooth_reference (N, STEPS, a, b);
  if (memcmp (A, a, N * sizeof *a) || memcmp (B, b, N * sizeof *b))
    abort ();
  solve_pinned (N, STEPS, A, B);
  smooth_reference (N, STEPS, a, b);
  if (memcmp (A, a, N * sizeof *a) || memcmp (B, b, N * sizeof *b))
    abort ();
  return 0;
}

/* { dg-final { scan-deepmap-report "callee-levels.c:28:9: deepmap: hoist: 'A' kept on the device across the loop at callee-levels.c:57" } } */
/* { dg-final { scan-deepmap-report "callee-levels.c:28:9: deepmap: hoist: 'B' kept on the device across the loop at callee-levels.c:57" } } */
/* { dg-final { scan-deepmap-report-not "kept on the device across the loop at callee-levels.c:71" } } */
