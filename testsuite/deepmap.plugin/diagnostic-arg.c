/* -fplugin-arg-deepmap-warnings=error: the plugin's warnings are errors
   (what -Werror=deepmap would be, which GCC 12 cannot spell); a pragma
   still overrides it where it says.  */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-deepmap-warnings=error" } */
#include "deepmap.h"

struct a { int *p; };	/* { dg-error "deepmap: pointer 'p' of 'struct a' points to 'int'" } */
#pragma deepmap diagnostic warning
struct b { int *q; };	/* { dg-warning "deepmap: pointer 'q' of 'struct b' points to 'int'" } */

void use (void *);

void
f (struct a *w, struct b *x)
{
#pragma omp target map(tofrom: w[0:1], x[0:1])
  use (w);
}
