/* Pointers deep copy cannot follow: one warning per field, naming it,
   however many constructs map the type.  */
/* { dg-do compile } */
#include "deepmap.h"

struct opaque;
struct s
{
  void *any;			/* { dg-warning "pointer 'any' of 'struct s' is a 'void \\*': deep copy does not follow it" } */
  void (*cb) (void);		/* { dg-warning "pointer 'cb' of 'struct s' points to a function" } */
  union { int *ip; long l; } u;	/* { dg-warning "union 'u' of 'struct s' holds pointers" } */
  struct opaque *op;		/* { dg-warning "pointer 'op' of 'struct s' points to 'struct opaque', whose size is unknown" } */
  union { int i; float f; } nu;	/* no pointers: no warning */
  int *fine;			/* { dg-warning "pointer .fine. of .struct s. points to .int.: one element assumed; use .deepmap_counted_by." } */
};
struct fam { int n; int *items[]; };	/* { dg-warning "deepmap: flexible array member .items. of .struct fam. has no count: only the header is mapped; use .counted_by." } */
union u { int *p; long l; };

void use (void *);

void
f (struct s *a, struct s *b, struct fam *fm, union u *up)
{
#pragma omp target map(tofrom: a[0:1])
  use (a);
#pragma omp target map(tofrom: b[0:2])
  use (b);
#pragma omp target map(tofrom: fm[0:1])
  use (fm);
#pragma omp target map(tofrom: up[0:1])	/* { dg-warning "union 'union u' holds pointers" } */
  use (up);
}
