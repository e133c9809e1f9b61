/* A loop whose construct maps an array, and a call of a function (not
   inlined) that runs a construct of its own on the same array
   (random-hoist seed 1174, program 10).  Kept across the loop, the
   array was copied back before the call and sent again after it, as
   for a host access; but the callee's construct found it present and
   worked on the device copy, which the copy after the call then
   overwrote with the host's older bytes.  A call of a function of the
   unit that runs target constructs (or calls one that does) keeps a
   section it may reach from being kept across it: here the array is
   kept across the three constructs of each step only.  Results are the
   host's.  */
/* { dg-options "-fplugin-arg-deepmap-report -w" } */
/* { dg-set-target-env-var DEEPMAP_CHECK "1" } */
/* { dg-final { scan-deepmap-report "call-with-constructs.c:\[0-9\]+:\[0-9\]+: deepmap: hoist: 'a' kept on the device from the construct at call-with-constructs.c:\[0-9\]+ to the construct at" } } */
/* { dg-final { scan-deepmap-report-not "'a' kept on the device across the loop" } } */
#include <stdlib.h>
#include "check.h"

#define N 100
#define STEPS 4

#define OMP(x) _Pragma (#x)
#define HOST(x)

#define CODE(smooth, steps, P) \
__attribute__ ((noinline)) static void \
smooth (unsigned *p, int n, int t) \
{ \
  P (omp target teams distribute parallel for map(tofrom: p[0:n])) \
  for (int i = 0; i < n; i++) \
    p[i] = p[i] * 3u + (unsigned) t; \
} \
 \
__attribute__ ((noinline)) static void \
steps (unsigned *a, int n) \
{ \
  for (int t = 0; t < STEPS; t++) \
    { \
      P (omp target teams distribute parallel for map(tofrom: a[0:n])) \
      for (int i = 0; i < n; i++) \
	a[i] += 1u; \
      P (omp target teams distribute parallel for map(tofrom: a[0:n])) \
      for (int i = 0; i < n; i++) \
	a[i] ^= 5u; \
      P (omp target teams distribute parallel for map(tofrom: a[0:n])) \
      for (int i = 0; i < n; i++) \
	a[i] *= 7u; \
      smooth (a, n, t); \
    } \
}

CODE (smooth, steps, OMP)
CODE (host_smooth, host_steps, HOST)

int
main (void)
{
  unsigned *a = (unsigned *) malloc (N * sizeof *a);
  unsigned *h = (unsigned *) malloc (N * sizeof *h);
  for (int i = 0; i < N; i++)
    a[i] = h[i] = 7u * i;
  steps (a, N);
  host_steps (h, N);
  for (int i = 0; i < N; i++)
    CHECK (a[i] == h[i], "a[%d] = %u, host %u", i, a[i], h[i]);
  free (a);
  free (h);
  return 0;
}
