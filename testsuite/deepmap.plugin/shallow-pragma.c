/* #pragma deepmap shallow: the next target construct of the function maps
   its items as written; the ones after it are deep again.  */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-deepmap-report" } */
#include "deepmap.h"

struct node { int v; struct node *next; };

#pragma deepmap shallow		/* { dg-warning "outside a function is ignored" } */

void use (void *);

void
f (struct node *list)
{
#pragma deepmap shallow
  use (list);			/* other statements may come between */
#pragma omp target map(tofrom: list[0:1])
  use (list);
#pragma omp target map(tofrom: list[0:1])
  use (list);
}

void
g (struct node *list)
{
#pragma omp target update to(list[0:1])
#pragma deepmap shallow		/* { dg-warning "not followed by a target construct" } */
}

/* { dg-final { scan-deepmap-report "shallow-pragma.c:18:9: deepmap: target: '\\*list' shallow \\(#pragma deepmap shallow\\)" } } */
/* { dg-final { scan-deepmap-report "shallow-pragma.c:20:9: deepmap: target: '\\*list' deep" } } */
/* { dg-final { scan-deepmap-report "shallow-pragma.c:27:9: deepmap: target update: '\\*list' deep" } } */
/* { dg-final { scan-deepmap-report-not "shallow-pragma.c:18:9: deepmap: target: '\\*list' deep" } } */
