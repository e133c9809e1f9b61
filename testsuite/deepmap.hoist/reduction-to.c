/* A Jacobi solver as tutorials write it: per step one kernel computes
   xnew from xold, a second maps both 'to' and sums their difference
   with a reduction, then the pointers swap.  The reduction's parallel
   body updates the sum in its parent's argument block and the teams
   body reads it back: neither writes through the arrays' slots, so the
   'to' maps allow keeping both arrays on the device (dm-devwrite.c).
   The result is checked against the host.  */
/* { dg-options "-fplugin-arg-deepmap-report" } */
/* { dg-set-target-env-var DEEPMAP_STATS "1" } */
/* A, b, xold in once (N*N*8 + 2*N*8; the first kernel stores to all of
   xnew), xold and xnew back once, conv in and out at each of 5 steps.  */
/* { dg-output "deepmap: device 0 \\((emu|cuda)\\): h2d 8 transfers 5440 bytes, d2h 7 transfers 440 bytes" { target offload_device } } */
#include <math.h>
#include <stdlib.h>

#define N 25

__attribute__ ((noinline)) static double
solve (int n, const double *A, const double *b, double *xold, double *xnew,
       int steps)
{
  double conv = 0;
  for (int it = 0; it < steps; it++)
    {
#pragma omp target map(tofrom: xnew[0:n], xold[0:n]) map(to: A[0:n*n], b[0:n])
#pragma omp teams distribute parallel for simd
      for (int i = 0; i < n; i++)
	{
	  double s = 0;
	  for (int j = 0; j < n; j++)
	    if (i != j)
	      s += A[i * n + j] * xold[j];
	  xnew[i] = (b[i] - s) / A[i * n + i];
	}
      conv = 0.0;
#pragma omp target map(to: xnew[0:n], xold[0:n]) map(tofrom: conv)
#pragma omp teams distribute parallel for simd reduction(+: conv)
      for (int i = 0; i < n; i++)
	{
	  double d = xnew[i] - xold[i];
	  conv += d * d;
	}
      conv = sqrt (conv);
      double *t = xold;
      xold = xnew;
      xnew = t;
    }
  return conv;
}

int
main (void)
{
  double A[N * N], b[N], x0[N], x1[N], h0[N], h1[N];
  for (int i = 0; i < N; i++)
    {
      for (int j = 0; j < N; j++)
	A[i * N + j] = i == j ? 4 * N : (i + j) % 3;
      b[i] = i % 5;
      x0[i] = h0[i] = 0;
      x1[i] = h1[i] = 0;
    }
  double c = solve (N, A, b, x0, x1, 5);
  double *hold = h0, *hnew = h1, hc = 0;
  for (int it = 0; it < 5; it++)
    {
      for (int i = 0; i < N; i++)
	{
	  double s = 0;
	  for (int j = 0; j < N; j++)
	    if (i != j)
	      s += A[i * N + j] * hold[j];
	  hnew[i] = (b[i] - s) / A[i * N + i];
	}
      hc = 0;
      for (int i = 0; i < N; i++)
	hc += (hnew[i] - hold[i]) * (hnew[i] - hold[i]);
      hc = sqrt (hc);
      double *t = hold;
      hold = hnew;
      hnew = t;
    }
  for (int i = 0; i < N; i++)
    if (fabs (x0[i] - h0[i]) > 1e-12 || fabs (x1[i] - h1[i]) > 1e-12)
      abort ();
  if (fabs (c - hc) > 1e-9 * (1 + hc))
    abort ();
  return 0;
}

/* { dg-final { scan-deepmap-report "reduction-to.c:25:9: deepmap: hoist: 'xold' kept on the device across the loop at reduction-to.c:23" } } */
/* { dg-final { scan-deepmap-report "reduction-to.c:36:9: deepmap: hoist: 'xnew' kept on the device across the loop at reduction-to.c:23" } } */
