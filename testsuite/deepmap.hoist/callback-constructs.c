/* A library call that calls back a function of the program (qsort's
   comparator) runs what that function runs: here a construct that maps
   elements of the array being sorted, which the loop's kernels would
   otherwise keep on the device.  Kept, the comparator's construct found
   the kept copy (its changes stayed on the device) and the update after
   qsort overwrote them with the host's bytes: -7 7 21 35 instead of the
   host's 7 14 28 35 (an adversarial review).  A comparator without
   constructs leaves the array kept.  Results are the host's.  */
/* { dg-options "-fplugin-arg-deepmap-report" } */
/* { dg-set-target-env-var DEEPMAP_CHECK "1" } */
#include <stdlib.h>
#include "check.h"

static int
cmp_mapping (const void *a, const void *b)
{
  double *p = (double *) a;
#pragma omp target map(tofrom: p[0:1])
  p[0] += 0.5;
  double x = *(const double *) a, y = *(const double *) b;
  return (x > y) - (x < y);
}

static int
cmp_plain (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return (x > y) - (x < y);
}

/* A step: a kernel, the sort, two kernels.  */
#define STEPS(CMP)						\
  for (int t = 0; t < steps; t++)				\
    {								\
      _Pragma ("omp target map(tofrom: a[0:n])")		\
      for (int i = 0; i < n; i++)				\
	a[i] += i;						\
      qsort (a, n, sizeof *a, CMP);				\
      _Pragma ("omp target map(tofrom: a[0:n])")		\
      for (int i = 0; i < n; i++)				\
	a[i] *= 2;						\
      _Pragma ("omp target map(tofrom: a[0:n])")		\
      for (int i = 0; i < n; i++)				\
	a[i] -= 1;						\
    }

__attribute__ ((noipa)) static void
run (double *a, int n, int steps, int (*cmp) (const void *, const void *))
{
  STEPS (cmp)
}

__attribute__ ((noipa)) static void
run_mapping (double *a, int n, int steps)
{
  STEPS (cmp_mapping)
}

__attribute__ ((noipa)) static void
run_plain (double *a, int n, int steps)
{
  STEPS (cmp_plain)
}

int
main (void)
{
  double a[4] = { 0 }, b[4] = { 0 }, c[4] = { 0 };
  run_mapping (a, 4, 3);
  run (b, 4, 3, cmp_mapping);
  run_plain (c, 4, 3);
  const double want[4] = { 7, 14, 28, 35 };
  for (int i = 0; i < 4; i++)
    {
      CHECK (a[i] == want[i], "a[%d] = %g", i, a[i]);
      CHECK (b[i] == want[i], "b[%d] = %g", i, b[i]);
    }
  /* Without the comparator's construct: 0, 1, 2, 3 added, doubled, less
     one, three times over (sorting changes no order).  */
  double d[4] = { 0 };
  for (int t = 0; t < 3; t++)
    for (int i = 0; i < 4; i++)
      d[i] = (d[i] + i) * 2 - 1;
  for (int i = 0; i < 4; i++)
    CHECK (c[i] == d[i], "c[%d] = %g, host %g", i, c[i], d[i]);
  return 0;
}

/* { dg-final { scan-deepmap-report "callback-constructs.c:56:3: deepmap: hoist: missed: 'a' not kept on the device across the loop at callback-constructs.c:56 because a call in the loop may call back a function that runs target constructs that may map it" } } */
/* { dg-final { scan-deepmap-report "callback-constructs.c:50:3: deepmap: hoist: missed: 'a' not kept on the device across the loop at callback-constructs.c:50 because a call in the loop may call back a function that runs target constructs that may map it" } } */
/* { dg-final { scan-deepmap-report "callback-constructs.c:62:3: deepmap: hoist: 'a' kept on the device across the loop at callback-constructs.c:62" } } */
