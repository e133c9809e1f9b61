/* A time loop whose constructs map an array and that runs, at every
   step, a host parallel region (one thread launches a construct on the
   array) and a task that does the same.  Kept across the loop, the array
   was copied back before the region and sent again after it, as for a
   call that may read and write it; but the region's construct found it
   present and worked on the device copy, which the copy after it then
   overwrote with the host's older bytes: a silent wrong result.  A
   parallel region or task whose body runs target constructs is a call
   that runs them: the array is not kept across it.  Results are the
   host's.  */
/* { dg-options "-fplugin-arg-deepmap-report" } */
/* { dg-set-target-env-var DEEPMAP_CHECK "1" } */
/* { dg-final { scan-deepmap-report "'a' not kept on the device across the loop at parallel-target.c:\[0-9\]+ because a call in the loop runs target constructs that may map it" } } */
/* { dg-final { scan-deepmap-report "'b' not kept on the device across the loop at parallel-target.c:\[0-9\]+ because the loop creates or waits for tasks, or synchronizes with other threads" } } */
#include <stdlib.h>
#include "check.h"

#define N 500
#define STEPS 5

#define OMP(x) _Pragma (#x)
#define HOST(x)

#define CODE(steps, P) \
__attribute__ ((noinline)) static void \
steps (double *a, double *b, int n) \
{ \
  for (int t = 0; t < STEPS; t++) \
    { \
      P (omp target teams distribute parallel for map(tofrom: a[0:n])) \
      for (int i = 0; i < n; i++) \
	a[i] += 1.0; \
      P (omp parallel num_threads(2)) \
      P (omp single) \
      { \
	P (omp target teams distribute parallel for map(tofrom: a[0:n])) \
	for (int i = 0; i < n; i++) \
	  a[i] = a[i] * 3.0 + 1.0; \
      } \
      P (omp target teams distribute parallel for map(tofrom: a[0:n])) \
      for (int i = 0; i < n; i++) \
	a[i] *= 0.5; \
    } \
  for (int t = 0; t < STEPS; t++) \
    { \
      P (omp target teams distribute parallel for map(tofrom: b[0:n])) \
      for (int i = 0; i < n; i++) \
	b[i] += 2.0; \
      P (omp task) \
      { \
	P (omp target teams distribute parallel for map(tofrom: b[0:n])) \
	for (int i = 0; i < n; i++) \
	  b[i] = b[i] * 3.0 + 1.0; \
      } \
      P (omp taskwait) \
      P (omp target teams distribute parallel for map(tofrom: b[0:n])) \
      for (int i = 0; i < n; i++) \
	b[i] *= 0.25; \
    } \
}

CODE (steps, OMP)
CODE (host_steps, HOST)

int
main (void)
{
  double *a = (double *) malloc (N * sizeof *a);
  double *b = (double *) malloc (N * sizeof *b);
  double *ha = (double *) malloc (N * sizeof *ha);
  double *hb = (double *) malloc (N * sizeof *hb);
  for (int i = 0; i < N; i++)
    a[i] = b[i] = ha[i] = hb[i] = i % 13;
  steps (a, b, N);
  host_steps (ha, hb, N);
  for (int i = 0; i < N; i++)
    CHECK (a[i] == ha[i] && b[i] == hb[i], "a[%d] = %g (host %g), b %g (host %g)",
	   i, a[i], ha[i], b[i], hb[i]);
  free (a);
  free (b);
  free (ha);
  free (hb);
  return 0;
}
