/* -Werror turns the plugin's warnings into errors, as any warning.  */
/* { dg-do compile } */
/* { dg-options "-Werror" } */
/* { dg-prune-output "all warnings being treated as errors" } */
#include "deepmap.h"

struct a { int *p; };	/* { dg-error "deepmap: pointer 'p' of 'struct a' points to 'int'" } */

void use (void *);

void
f (struct a *w)
{
#pragma omp target map(tofrom: w[0:1])
  use (w);
}
