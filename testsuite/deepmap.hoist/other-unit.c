/* A time loop whose constructs map an array and that calls, at every
   step, a function of another translation unit (built without -flto:
   the compiler does not see its body) which runs a construct of its own
   on the array; and a call through a pointer to that function.  Kept
   across the loop, the array was copied back before the call and sent
   again after it, as for any call that may read and write it; but the
   callee's construct found it present and worked on the device copy,
   which the copy after the call then overwrote with the host's older
   bytes: a silent wrong result.  A call of a function the unit does not
   define, unless declared in a system header, or through a pointer,
   may run target constructs: the array is not kept across it.  Results
   are the host's.  */
/* { dg-options "-fplugin-arg-deepmap-report" } */
/* { dg-additional-sources "lto/other-unit-smooth.c" } */
/* { dg-set-target-env-var DEEPMAP_CHECK "1" } */
/* { dg-final { scan-deepmap-report "'a' not kept on the device across the loop at other-unit.c:\[0-9\]+ because a call in the loop of a function the unit does not define may run target constructs that may map it" } } */
/* { dg-final { scan-deepmap-report "'b' not kept on the device across the loop at other-unit.c:\[0-9\]+ because a call through a pointer in the loop may run target constructs that may map it" } } */
/* { dg-final { scan-deepmap-report-not "'a' kept on the device across the loop" } } */
#include <stdlib.h>
#include "check.h"

#define N 500
#define STEPS 5

void other_unit_smooth (double *p, int n);

static void
host_smooth (double *p, int n)
{
  for (int i = 0; i < n; i++)
    p[i] = p[i] * 3.0 + 1.0;
}

void (*volatile smoother) (double *, int) = other_unit_smooth;

__attribute__ ((noinline)) static void
steps (double *a, double *b, int n)
{
  for (int t = 0; t < STEPS; t++)
    {
#pragma omp target teams distribute parallel for map(tofrom: a[0:n])
      for (int i = 0; i < n; i++)
	a[i] += 1.0;
      other_unit_smooth (a, n);
#pragma omp target teams distribute parallel for map(tofrom: a[0:n])
      for (int i = 0; i < n; i++)
	a[i] *= 0.5;
    }
  for (int t = 0; t < STEPS; t++)
    {
#pragma omp target teams distribute parallel for map(tofrom: b[0:n])
      for (int i = 0; i < n; i++)
	b[i] += 2.0;
      smoother (b, n);
#pragma omp target teams distribute parallel for map(tofrom: b[0:n])
      for (int i = 0; i < n; i++)
	b[i] *= 0.25;
    }
}

int
main (void)
{
  double *a = (double *) malloc (N * sizeof *a);
  double *b = (double *) malloc (N * sizeof *b);
  double *ha = (double *) malloc (N * sizeof *ha);
  double *hb = (double *) malloc (N * sizeof *hb);
  for (int i = 0; i < N; i++)
    a[i] = b[i] = ha[i] = hb[i] = i % 11;
  steps (a, b, N);
  for (int t = 0; t < STEPS; t++)
    {
      for (int i = 0; i < N; i++)
	ha[i] += 1.0;
      host_smooth (ha, N);
      for (int i = 0; i < N; i++)
	ha[i] *= 0.5;
    }
  for (int t = 0; t < STEPS; t++)
    {
      for (int i = 0; i < N; i++)
	hb[i] += 2.0;
      host_smooth (hb, N);
      for (int i = 0; i < N; i++)
	hb[i] *= 0.25;
    }
  for (int i = 0; i < N; i++)
    CHECK (a[i] == ha[i] && b[i] == hb[i], "a[%d] = %g (host %g), b %g (host %g)",
	   i, a[i], ha[i], b[i], hb[i]);
  free (a);
  free (b);
  free (ha);
  free (hb);
  return 0;
}
