/* Deep items that cannot be kept whole keep their structure only, and
   every construct still maps what it reaches: a loop whose host code
   reads an array the structure points to (a residual each step), and a
   loop whose constructs map the structure without 'from' while their
   device code writes what it points to (each step starts again from the
   host's values).  Results are those of the host.  */
/* { dg-options "-fplugin-arg-deepmap-report" } */
#include <stdlib.h>
#include "deepmap.h"
#include "check.h"

struct field
{
  long n;
  double *u deepmap_counted_by (n);
};

#define N 100

__attribute__ ((noinline)) static double
host_reads (struct field *f, int steps)
{
  double r = 0;
  for (int t = 0; t < steps; t++)
    {
#pragma omp target teams distribute parallel for map(tofrom: f[0:1])
      for (long i = 0; i < N; i++)
	f->u[i] += 1;
      r += f->u[N / 2];
    }
  return r;
}

__attribute__ ((noinline)) static double
to_only (struct field *f, int steps)
{
  double r = 0, s = 0;
  for (int t = 0; t < steps; t++)
    {
#pragma omp target map(to: f[0:1]) map(tofrom: s)
      {
	for (long i = 0; i < N; i++)
	  f->u[i] += 1;
	s = f->u[0];
      }
      r += s;
    }
  return r;
}

int
main (void)
{
  struct field *f = malloc (sizeof *f);
  f->n = N;
  f->u = calloc (N, sizeof (double));
  /* u[N/2] is 1, 2, ... 10 after the steps.  */
  CHECK (host_reads (f, 10) == 55);
  for (long i = 0; i < N; i++)
    CHECK (f->u[i] == 10);
  /* The device's increments are dropped at each construct's end: every
     step sees 10 + 1.  */
  CHECK (to_only (f, 10) == 110);
  for (long i = 0; i < N; i++)
    CHECK (f->u[i] == 10);
  return 0;
}
/* { dg-final { scan-deepmap-report "deep-partial.c:26:9: deepmap: hoist: 'f' kept on the device across the loop at deep-partial.c:24 .*, the structure only: each construct still maps what it points to" } } */
/* { dg-final { scan-deepmap-report-not "with everything it points to" } } */
