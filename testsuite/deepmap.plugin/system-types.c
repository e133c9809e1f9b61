/* Pointers to types of system headers that hold pointers (FILE is
   glibc's struct _IO_FILE, with 13 of its own) and to incomplete types
   are not followed (a library type of plain data, fpos_t, is),
   and a library type held by value is not looked into: one warning per
   field, naming it.  The program's own pointers beside them still are.  */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-deepmap-report" } */
#include <stdio.h>
#include <time.h>
#include "deepmap.h"

struct opaque;
struct logger
{
  FILE *out;			/* { dg-warning "pointer 'out' of 'struct logger' points to 'FILE', a type of a system header: deep copy does not follow it" } */
  struct opaque *handle;	/* { dg-warning "pointer 'handle' of 'struct logger' points to 'struct opaque', whose size is unknown: deep copy does not follow it" } */
  fpos_t *marks;		/* { dg-warning "pointer 'marks' of 'struct logger' points to 'fpos_t': one element assumed" "plain data: followed, as many as a scalar pointer" } */
  struct tm when;		/* { dg-warning "'when' of 'struct logger' is a 'struct tm', a type of a system header holding pointers: deep copy does not follow them" } */
  int n;
  double *data deepmap_counted_by (n);
};

void use (void *);

void
f (struct logger *a, struct logger *b)
{
#pragma omp target map(tofrom: a[0:1])
  use (a);
#pragma omp target map(tofrom: b[0:1])
  use (b);
}

/* { dg-final { scan-deepmap-report "type 'struct logger': size \[0-9\]+, 2 pointer fields" } } */
/* { dg-final { scan-deepmap-report "marks at \[0-9\]+ -> 'struct _G_fpos_t', one element" } } */
/* { dg-final { scan-deepmap-report "data at \[0-9\]+ -> 'double', count in field 'n'" } } */
/* { dg-final { scan-deepmap-report-not "_IO_" } } */
