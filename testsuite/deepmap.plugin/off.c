/* -fplugin-arg-deepmap-off: no annotation, no warning, no report; the
   source annotations are still accepted.  */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-deepmap-off -fplugin-arg-deepmap-report" } */
#include "deepmap.h"

struct vec { int n; double *data __attribute__ ((counted_by (n))); void *any; };

void use (void *);

void
f (struct vec *v)
{
#pragma deepmap shallow
#pragma omp target map(tofrom: v[0:1])
  use (v);
}

/* { dg-final { scan-deepmap-report-not "deepmap:" } } */
/* { dg-final { scan-deepmap-asm-not "deepmap_annotate|__deepmap" } } */
