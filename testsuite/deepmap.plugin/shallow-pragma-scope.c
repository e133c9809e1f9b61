/* #pragma deepmap shallow applies to exactly one construct: the first
   of its block after it, not the second of a macro that expands to two,
   and never one after the block's closing brace.  */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-deepmap-report" } */
#include "deepmap.h"

struct node { int v; struct node *next; };
void use (void *);

#define TWICE \
  _Pragma ("omp target map(tofrom: list[0:1])") use (list); \
  _Pragma ("omp target map(tofrom: list[0:1])") use (list);
#define ONE _Pragma ("omp target update to(list[0:1])")

void
f (struct node *list)
{
#pragma deepmap shallow
  TWICE
}

void
g (struct node *list, int c)
{
  if (c)
    {
#pragma deepmap shallow		/* { dg-warning "deepmap: '#pragma deepmap shallow' is not followed by a target construct in its block" } */
    }
#pragma omp target map(tofrom: list[0:1])
  use (list);
}

void
h (struct node *list)
{
#pragma deepmap shallow
  ONE ONE
}
/* { dg-final { scan-deepmap-report "shallow-pragma-scope.c:20:3: deepmap: target: '\\*list' shallow" } } */
/* { dg-final { scan-deepmap-report "shallow-pragma-scope.c:20:3: deepmap: target: '\\*list' deep" } } */
/* { dg-final { scan-deepmap-report "shallow-pragma-scope.c:30:9: deepmap: target: '\\*list' deep" } } */
/* { dg-final { scan-deepmap-report-not "shallow-pragma-scope.c:30:9: deepmap: target: '\\*list' shallow" } } */
/* { dg-final { scan-deepmap-report "shallow-pragma-scope.c:38:3: deepmap: target update: '\\*list' shallow" } } */
/* { dg-final { scan-deepmap-report "shallow-pragma-scope.c:38:7: deepmap: target update: '\\*list' deep" } } */
