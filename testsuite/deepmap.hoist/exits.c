/* Loops left by break, return and goto: every exit edge gets the exit
   data, so the results reach the host whichever way the loop ends.  */
/* { dg-options "-fplugin-arg-deepmap-report" } */
/* { dg-set-target-env-var DEEPMAP_STATS "1" } */
/* One copy in and one out per call of each of the three functions, the
   break one called twice (both exits).  */
/* { dg-output "deepmap: device 0 \\((emu|cuda)\\): h2d 4 transfers 3200 bytes, d2h 4 transfers 3200 bytes" { target offload_device } } */
#include <stdlib.h>

#define N 100

__attribute__ ((noinline)) static int
with_break (double *A, int n, int steps, int stop)
{
  int t;
  for (t = 0; t < steps; t++)
    {
#pragma omp target teams distribute parallel for map(tofrom: A[0:n])
      for (int i = 0; i < n; i++)
	A[i] += 1;
      if (t == stop)
	break;
    }
  return t;
}

__attribute__ ((noinline)) static int
with_return (double *A, int n, int steps, int stop)
{
  for (int t = 0; t < steps; t++)
    {
#pragma omp target teams distribute parallel for map(tofrom: A[0:n])
      for (int i = 0; i < n; i++)
	A[i] += 2;
      if (t == stop)
	return -t;
    }
  return steps;
}

__attribute__ ((noinline)) static int
with_goto (double *A, int n, int steps, int stop)
{
  for (int t = 0; t < steps; t++)
    {
#pragma omp target teams distribute parallel for map(tofrom: A[0:n])
      for (int i = 0; i < n; i++)
	A[i] += 3;
      if (t == stop)
	goto out;
    }
  return 0;
out:
  return 1;
}

int
main (void)
{
  double *A = calloc (N, sizeof *A);
  if (with_break (A, N, 50, 9) != 9)	/* 10 steps, by break */
    abort ();
  if (with_break (A, N, 5, 100) != 5)	/* 5 steps, normal exit */
    abort ();
  if (with_return (A, N, 50, 3) != -3)	/* 4 steps */
    abort ();
  if (with_goto (A, N, 50, 1) != 1)	/* 2 steps */
    abort ();
  for (int i = 0; i < N; i++)
    if (A[i] != 10 + 5 + 4 * 2 + 2 * 3)
      abort ();
  return 0;
}

/* { dg-final { scan-deepmap-report "exits.c:18:9: deepmap: hoist: 'A' kept on the device across the loop" } } */
/* { dg-final { scan-deepmap-report "exits.c:32:9: deepmap: hoist: 'A' kept on the device across the loop" } } */
/* { dg-final { scan-deepmap-report "exits.c:46:9: deepmap: hoist: 'A' kept on the device across the loop" } } */
