/* A library call that calls back a function of the program (qsort's
   comparator) runs what that function runs: here a construct on the
   array the loop's kernels would otherwise keep on the device (it sets
   each element's low bit, the same however often qsort calls it).
   Kept, the comparator's construct found the kept copy (its changes
   stayed on the device) and the update after qsort overwrote them with
   the host's bytes (an adversarial review).  A comparator without
   constructs leaves the array kept.  Results are the host's.  */
/* { dg-options "-fplugin-arg-deepmap-report" } */
/* { dg-set-target-env-var DEEPMAP_CHECK "1" } */
#include <stdlib.h>
#include "check.h"

#define N 4

static double *g;

static int
cmp_mapping (const void *x, const void *y)
{
  double *p = g;
#pragma omp target map(tofrom: p[0:N])
  for (int i = 0; i < N; i++)
    p[i] = (double) ((long) p[i] | 1);
  int a = *(const int *) x, b = *(const int *) y;
  return (a > b) - (a < b);
}

static int
cmp_plain (const void *x, const void *y)
{
  int a = *(const int *) x, b = *(const int *) y;
  return (a > b) - (a < b);
}

/* A step: a kernel, the sort of other data, two kernels.  */
#define STEPS(CMP)						\
  for (int t = 0; t < steps; t++)				\
    {								\
      _Pragma ("omp target map(tofrom: a[0:n])")		\
      for (int i = 0; i < n; i++)				\
	a[i] += i;						\
      keys[0] = 3 - t;						\
      keys[1] = t;						\
      keys[2] = 7;						\
      qsort (keys, 3, sizeof *keys, CMP);			\
      _Pragma ("omp target map(tofrom: a[0:n])")		\
      for (int i = 0; i < n; i++)				\
	a[i] *= 2;						\
      _Pragma ("omp target map(tofrom: a[0:n])")		\
      for (int i = 0; i < n; i++)				\
	a[i] -= 1;						\
    }

__attribute__ ((noipa)) static void
run (double *a, int n, int *keys, int steps,
     int (*cmp) (const void *, const void *))
{
  STEPS (cmp)
}

__attribute__ ((noipa)) static void
run_mapping (double *a, int n, int *keys, int steps)
{
  STEPS (cmp_mapping)
}

__attribute__ ((noipa)) static void
run_plain (double *a, int n, int *keys, int steps)
{
  STEPS (cmp_plain)
}

/* The host's steps, with or without the comparator's low bits.  */
static void
host (double *h, int steps, int bits)
{
  for (int t = 0; t < steps; t++)
    for (int i = 0; i < N; i++)
      {
	h[i] += i;
	if (bits)
	  h[i] = (double) ((long) h[i] | 1);
	h[i] = h[i] * 2 - 1;
      }
}

int
main (void)
{
  double a[N] = { 0 }, b[N] = { 0 }, c[N] = { 0 };
  double ha[N] = { 0 }, hc[N] = { 0 };
  int keys[3];
  g = a;
  run_mapping (a, N, keys, 3);
  g = b;
  run (b, N, keys, 3, cmp_mapping);
  run_plain (c, N, keys, 3);
  host (ha, 3, 1);
  host (hc, 3, 0);
  for (int i = 0; i < N; i++)
    {
      CHECK (a[i] == ha[i], "a[%d] = %g, host %g", i, a[i], ha[i]);
      CHECK (b[i] == ha[i], "b[%d] = %g, host %g", i, b[i], ha[i]);
      CHECK (c[i] == hc[i], "c[%d] = %g, host %g", i, c[i], hc[i]);
    }
  CHECK (keys[0] == 1 && keys[1] == 2 && keys[2] == 7, "keys");
  return 0;
}

/* { dg-final { scan-deepmap-report "callback-constructs.c:65:3: deepmap: hoist: missed: 'a' not kept on the device across the loop at callback-constructs.c:65 because a call in the loop may call back a function that runs target constructs that may map it" } } */
/* { dg-final { scan-deepmap-report "callback-constructs.c:59:3: deepmap: hoist: missed: 'a' not kept on the device across the loop at callback-constructs.c:59 because a call in the loop may call back a function that runs target constructs that may map it" } } */
/* { dg-final { scan-deepmap-report "callback-constructs.c:71:3: deepmap: hoist: 'a' kept on the device across the loop at callback-constructs.c:71" } } */
