/* Every guess of a count is a warning: a pointer to scalars (char *,
   int *, int **) or to an array type (int (*)[4], as often the rows of
   an int[n][4] as one row) without deepmap_counted_by gets one element,
   as often wrong as right for such pointers.  A pointer to a struct (a
   link to one object) and a counted pointer are not guesses.  Sections whose elements are pointers (int **, struct T **)
   are followed as their type says; a pointer mapped by itself is its
   own bytes, as in OpenMP.  */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-deepmap-report" } */
#include "deepmap.h"

struct node { int v; struct node *next; };
struct rec
{
  char *name;			/* { dg-warning "pointer 'name' of 'struct rec' points to 'char': one element assumed; use 'deepmap_counted_by'" } */
  unsigned char *bytes;		/* { dg-warning "pointer 'bytes' of 'struct rec' points to 'unsigned char': one element assumed" } */
  int **grid;			/* { dg-warning "pointer 'grid' of 'struct rec' points to 'int \\*': one element assumed" } */
  int n;
  double *vals deepmap_counted_by (n);
  int (*row)[4];			/* { dg-warning "pointer 'row' of 'struct rec' points to 'int\\\[4\\\]': one element assumed" } */
  struct node *head;
};

void use (void *);

void
f (struct rec *r, struct rec *r2, int **ip, struct node **np, int *plain,
   int n)
{
#pragma omp target map(tofrom: r[0:1])
  /* The ints each of grid's pointers points to, at grid.  */
  /* { dg-warning "the pointers that 'grid' of 'struct rec' points to \\(of type 'int \\*', no count\\) point to 'int': one element assumed each" "" { target *-*-* } 17 } */
  use (r);
  /* Once per field, however many constructs.  */
#pragma omp target map(tofrom: r2[0:1])
  use (r2);
#pragma omp target map(tofrom: ip[0:n], np[0:n], plain)
  {
    use (ip);
    use (np);
    use (plain);
  }
}

/* { dg-final { scan-deepmap-report "type 'struct rec': size 56, 6 pointer fields" } } */
/* { dg-final { scan-deepmap-report "grid at 16 -> 'int \\*', one element" } } */
/* { dg-final { scan-deepmap-report "row at 40 -> 'int', 4 elements" } } */
/* { dg-final { scan-deepmap-report "target: '\\*ip' deep, elements of type 'int \\*'" } } */
/* { dg-final { scan-deepmap-report "target: '\\*np' deep, elements of type 'struct node \\*'" } } */
/* { dg-final { scan-deepmap-report "type 'struct node \\*': size 8, 1 pointer field" } } */
/* { dg-final { scan-deepmap-report-not "'plain' deep" } } */
