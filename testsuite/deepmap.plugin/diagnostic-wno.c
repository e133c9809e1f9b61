/* -Wno-deepmap (which GCC 12 accepts as an unknown -Wno- option) turns
   the plugin's warnings off.  */
/* { dg-do compile } */
/* { dg-options "-Wno-deepmap" } */
#include "deepmap.h"

struct a { int *p; void *v; };	/* { dg-bogus "deepmap" } */

void use (void *);

void
f (struct a *w)
{
#pragma omp target map(tofrom: w[0:1])
  use (w);
}
