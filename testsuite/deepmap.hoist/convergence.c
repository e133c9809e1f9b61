/* A convergence loop: the host reads the residual the device computes
   at every step.  The grids stay on the device across the loop.  The
   residual does not: the host zeroes it before and tests it after every
   construct, so updates would move as much as the construct's own map
   of it, plus an enter and an exit.  */
/* { dg-options "-fplugin-arg-deepmap-report" } */
/* { dg-set-target-env-var DEEPMAP_STATS "1" } */
/* 2 grids in and out once, the residual in and out at each of the 48
   steps.  */
/* { dg-output "deepmap: device 0 \\((emu|cuda)\\): h2d 50 transfers 16384 bytes, d2h 50 transfers 16384 bytes" { target offload_device } } */
#include <stdlib.h>
#include <string.h>

#define N 1000

static int
solve (int n, double *A, double *B, double tol)
{
  double err = 1e30;
  int steps = 0;
  while (err > tol)
    {
      err = 0;
#pragma omp target teams distribute parallel for reduction(max: err) \
	map(tofrom: A[0:n], B[0:n], err)
      for (int i = 1; i < n - 1; i++)
	{
	  B[i] = 0.5 * (A[i - 1] + A[i + 1]);
	  double d = B[i] > A[i] ? B[i] - A[i] : A[i] - B[i];
	  err = d > err ? d : err;
	}
#pragma omp target teams distribute parallel for map(tofrom: A[0:n], B[0:n])
      for (int i = 1; i < n - 1; i++)
	A[i] = B[i];
      steps++;
    }
  return steps;
}

int
main (void)
{
  double *A = calloc (N, sizeof *A), *B = calloc (N, sizeof *B);
  double *a = calloc (N, sizeof *a), *b = calloc (N, sizeof *b);
  A[0] = a[0] = B[0] = b[0] = 1.0;
  /* Host reference.  */
  double err = 1e30;
  int steps = 0;
  while (err > 0.01)
    {
      err = 0;
      for (int i = 1; i < N - 1; i++)
	{
	  b[i] = 0.5 * (a[i - 1] + a[i + 1]);
	  double d = b[i] > a[i] ? b[i] - a[i] : a[i] - b[i];
	  err = d > err ? d : err;
	}
      for (int i = 1; i < N - 1; i++)
	a[i] = b[i];
      steps++;
    }
  if (solve (N, A, B, 0.01) != steps || steps != 48)
    abort ();
  if (memcmp (A, a, N * sizeof *a) || memcmp (B, b, N * sizeof *b))
    abort ();
  return 0;
}

/* { dg-final { scan-deepmap-report "convergence.c:24:9: deepmap: hoist: 'A' kept on the device across the loop at convergence.c:21" } } */
/* { dg-final { scan-deepmap-report "convergence.c:24:9: deepmap: hoist: 'B' kept on the device" } } */
/* { dg-final { scan-deepmap-report "convergence.c:32:9: deepmap: hoist: 'A' kept" } } */
/* { dg-final { scan-deepmap-report "convergence.c:24:9: deepmap: hoist: missed: 'err' not kept on the device across the loop at convergence.c:21 because the host reads or writes all of it between the constructs of each step: its updates would move as much as the constructs' maps" } } */
