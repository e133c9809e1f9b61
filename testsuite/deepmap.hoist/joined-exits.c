/* A kept loop whose ways out all lead to one block (two breaks and the
   loop's own end, the count a constant so that no test skips the loop):
   its exit data runs once at the start of that block, not on each way
   out.  A loop whose ways out lead to two places (a return inside it
   beside its end) keeps one exit data on each.  Each way out is taken
   in turn; the results are the host's, and DEEPMAP_STATS shows the
   arrays in and out once per call.  */
/* { dg-options "-fplugin-arg-deepmap-report -fdump-tree-all" } */
/* { dg-set-target-env-var DEEPMAP_STATS "1" } */
#include "check.h"

#define N 128
#define STEPS 8

static double A[N], B[N];
volatile int stop_at = -1, stop_where = -1;

__attribute__ ((noinline)) static double
breaks (void)
{
  for (int t = 0; t < STEPS; t++)
    {
#pragma omp target teams distribute parallel for map(tofrom: A)
      for (int i = 0; i < N; i++)
	A[i] = A[i] * 0.5 + i;
      if (t == stop_at && stop_where == 0)
	break;
#pragma omp target teams distribute parallel for map(tofrom: A)
      for (int i = 0; i < N; i++)
	A[i] += 1;
      if (t == stop_at && stop_where == 1)
	break;
    }
  return A[N / 2];
}

__attribute__ ((noinline)) static double
returns (int steps)
{
  for (int t = 0; t < steps; t++)
    {
#pragma omp target teams distribute parallel for map(tofrom: B)
      for (int i = 0; i < N; i++)
	B[i] = B[i] * 0.25 + i;
      if (t == stop_at)
	return -B[N / 2];
    }
  return B[N / 2];
}

/* BREAKS and RETURNS on the host.  */
static double
host_breaks (double *a)
{
  for (int t = 0; t < STEPS; t++)
    {
      for (int i = 0; i < N; i++)
	a[i] = a[i] * 0.5 + i;
      if (t == stop_at && stop_where == 0)
	break;
      for (int i = 0; i < N; i++)
	a[i] += 1;
      if (t == stop_at && stop_where == 1)
	break;
    }
  return a[N / 2];
}

static double
host_returns (double *b, int steps)
{
  for (int t = 0; t < steps; t++)
    {
      for (int i = 0; i < N; i++)
	b[i] = b[i] * 0.25 + i;
      if (t == stop_at)
	return -b[N / 2];
    }
  return b[N / 2];
}

int
main (void)
{
  static double ha[N], hb[N];
  for (int i = 0; i < N; i++)
    A[i] = ha[i] = B[i] = hb[i] = i;
  for (int where = -1; where < 2; where++)
    {
      stop_where = where;
      stop_at = where < 0 ? -1 : 3;
      double r = breaks (), h = host_breaks (ha);
      CHECK (r == h, "breaks, way %d: %g, expected %g", where, r, h);
      r = returns (STEPS);
      h = host_returns (hb, STEPS);
      CHECK (r == h, "returns, way %d: %g, expected %g", where, r, h);
      for (int i = 0; i < N; i++)
	CHECK (A[i] == ha[i] && B[i] == hb[i], "way %d [%d]: %g %g, "
	       "expected %g %g", where, i, A[i], B[i], ha[i], hb[i]);
    }
  return 0;
}
/* The exit data calls: one in BREAKS (three before), two in RETURNS.  */
/* { dg-output "deepmap: device 0 \\((emu|cuda)\\): h2d 6 transfers 6144 bytes, d2h 6 transfers 6144 bytes" { target offload_device } } */
/* { dg-final { scan-tree-dump-times "GOMP_target_enter_exit_data \\(\[^;\]*, 2, 0B\\);" 3 "deepmap_hoist" } } */
