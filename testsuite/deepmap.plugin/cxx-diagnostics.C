// The plugin's diagnostics under g++: #pragma deepmap diagnostic, the
// deepmap: prefix, typedef names of anonymous structs, counted_by naming
// an anonymous member's field, and #pragma deepmap shallow taking one
// construct of its block, in a function and in each instantiation of a
// template.
// { dg-do compile }
// { dg-options "-fplugin-arg-deepmap-report" }
#include "deepmap.h"

typedef struct { int *q; } anon_t;	// { dg-warning "deepmap: pointer 'q' of 'anon_t' points to 'int'" }
#pragma deepmap diagnostic push
#pragma deepmap diagnostic ignored
struct quiet { int *r; };		// { dg-bogus "deepmap" }
#pragma deepmap diagnostic pop
#pragma deepmap diagnostic error
struct loud { int *s; };		// { dg-error "deepmap: pointer 's' of 'loud'" }
#pragma deepmap diagnostic warning
struct s1 { struct { int n; }; int *p __attribute__ ((counted_by (n))); };
union u1 { int *p __attribute__ ((counted_by (nope))); long l; };	// { dg-error "deepmap: 'counted_by' names 'nope', which is not a field of 'u1'" }
struct node { int v; node *next; };

void use (void *);

void
f (anon_t *t, quiet *x, loud *y, s1 *a, node *list, int c)
{
#pragma omp target map(tofrom: t[0:1], x[0:1], y[0:1], a[0:1])
  use (t);
  if (c)
    {
#pragma deepmap shallow		// { dg-warning "deepmap: '#pragma deepmap shallow' is not followed by a target construct in its block" }
    }
#pragma omp target map(tofrom: list[0:1])
  use (list);
}

template <typename T>
void
g (T *list)
{
#pragma deepmap shallow
#pragma omp target map(tofrom: list[0:1])
  use (list);
#pragma omp target map(tofrom: list[0:1])
  use (list);
}

template void g<node> (node *);
/* { dg-final { scan-deepmap-report "p at 8 -> 'int', count in field 'n' at 0 \\(4 bytes" } } */
/* { dg-final { scan-deepmap-report "cxx-diagnostics.C:33:9: deepmap: target: '\\*list' deep" } } */
/* { dg-final { scan-deepmap-report "cxx-diagnostics.C:42:9: deepmap: target: '\\*list' shallow" } } */
/* { dg-final { scan-deepmap-report "cxx-diagnostics.C:44:9: deepmap: target: '\\*list' deep" } } */
