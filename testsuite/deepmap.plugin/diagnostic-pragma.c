/* #pragma deepmap diagnostic ignored|warning|error|push|pop scopes the
   plugin's own warnings by location, like #pragma GCC diagnostic.  */
/* { dg-do compile } */
#include "deepmap.h"

struct a { int *p; };	/* { dg-warning "deepmap: pointer 'p' of 'struct a' points to 'int'" } */
#pragma deepmap diagnostic push
#pragma deepmap diagnostic ignored
struct b { int *q; };	/* { dg-bogus "deepmap" } */
#pragma deepmap diagnostic pop
struct c { int *r; };	/* { dg-warning "deepmap: pointer 'r' of 'struct c'" } */
#pragma deepmap diagnostic error
struct d { int *s; };	/* { dg-error "deepmap: pointer 's' of 'struct d'" } */
#pragma deepmap diagnostic warning
#pragma deepmap diagnostic loud	/* { dg-warning "expects 'ignored', 'warning', 'error', 'push' or 'pop'" } */

void use (void *);

void
f (struct a *w, struct b *x, struct c *y, struct d *z)
{
#pragma omp target map(tofrom: w[0:1], x[0:1], y[0:1], z[0:1])
  use (w);
}
