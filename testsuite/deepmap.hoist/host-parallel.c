/* Host parallel loops between the kernels of a time loop (LULESH's
   check of the determinants).  One only reads an array through a
   pointer it shares by reference (the program later passes the
   pointer's address to a function that frees it, as LULESH's Release
   does): the pointer stays the one stored before the loop, so the array
   is kept across the loop and copied back before the parallel loop
   only; a private array no parallel loop gets stays on the device
   throughout.  An array a parallel loop writes is kept too, copied
   back before that loop and to the device after it.  Results are the
   host's.  */
/* { dg-options "-fplugin-arg-deepmap-report -w" } */
/* { dg-set-target-env-var DEEPMAP_CHECK "1" } */
/* { dg-final { scan-deepmap-report "'determ' kept on the device across the loop" } } */
/* { dg-final { scan-deepmap-report "'determ' copied from the device before a call that may see it" } } */
/* { dg-final { scan-deepmap-report-not "'determ' copied to the device after a call" } } */
/* { dg-final { scan-deepmap-report "'a' kept on the device across the loop" } } */
/* { dg-final { scan-deepmap-report-not "'a' copied" } } */
/* { dg-final { scan-deepmap-report "'b' kept on the device across the loop" } } */
/* { dg-final { scan-deepmap-report "'b' copied to the device after a call that may change it" } } */
#include <stdlib.h>
#include "check.h"

#define N 256
#define STEPS 6

static void
release (double **p)
{
  free (*p);
  *p = NULL;
}

#define OMP(x) _Pragma (#x)
#define HOST(x)

#define CODE(run, write_b, P) \
__attribute__ ((noinline)) static void \
run (double *out, int n) \
{ \
  double *determ = (double *) malloc (n * sizeof *determ); \
  double *a = (double *) malloc (n * sizeof *a); \
  for (int i = 0; i < n; i++) \
    a[i] = i + 1; \
  for (int t = 0; t < STEPS; t++) \
    { \
      P (omp target teams distribute parallel for \
	 map(tofrom: determ[0:n], a[0:n])) \
      for (int i = 0; i < n; i++) \
	{ \
	  determ[i] = a[i] * 0.5 + t; \
	  a[i] += 1.0; \
	} \
      P (omp parallel for) \
      for (int k = 0; k < n; k++) \
	if (determ[k] <= 0.0) \
	  exit (1); \
      P (omp target teams distribute parallel for \
	 map(tofrom: determ[0:n], a[0:n])) \
      for (int i = 0; i < n; i++) \
	a[i] = a[i] + determ[i] * 0.125; \
    } \
  for (int i = 0; i < n; i++) \
    out[i] = a[i] + determ[i]; \
  release (&determ); \
  free (a); \
} \
 \
__attribute__ ((noinline)) static void \
write_b (double *out, int n) \
{ \
  double *b = (double *) malloc (n * sizeof *b); \
  for (int i = 0; i < n; i++) \
    b[i] = 2 * i; \
  for (int t = 0; t < STEPS; t++) \
    { \
      P (omp target teams distribute parallel for map(tofrom: b[0:n])) \
      for (int i = 0; i < n; i++) \
	b[i] += t; \
      P (omp parallel for) \
      for (int k = 0; k < n; k++) \
	b[k] = b[k] * 0.25 + k; \
      P (omp target teams distribute parallel for map(tofrom: b[0:n])) \
      for (int i = 0; i < n; i++) \
	b[i] *= 3.0; \
    } \
  for (int i = 0; i < n; i++) \
    out[i] += b[i]; \
  free (b); \
}

CODE (run, write_b, OMP)
CODE (host_run, host_write_b, HOST)

int
main (void)
{
  double out[N], hout[N];
  run (out, N);
  write_b (out, N);
  host_run (hout, N);
  host_write_b (hout, N);
  for (int i = 0; i < N; i++)
    CHECK (out[i] == hout[i], "out[%d] = %g, host %g", i, out[i], hout[i]);
  return 0;
}
