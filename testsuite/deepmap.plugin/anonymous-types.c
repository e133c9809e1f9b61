/* Anonymous structs: messages name them by their typedef; counted_by
   may name a field of an anonymous member, or of the struct holding an
   anonymous member, and is checked inside unions.  */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-deepmap-report" } */
#include "deepmap.h"

typedef struct { int *q; } anon_t;	/* { dg-warning "deepmap: pointer 'q' of 'anon_t' points to 'int'" } */
struct s1 { struct { int n; }; int *p __attribute__ ((counted_by (n))); };
struct s2 { long pad; int n; struct { int *p __attribute__ ((counted_by (n))); }; };
struct s3 { long pad; struct { short n; int *p __attribute__ ((counted_by (n))); }; };
struct s4 { struct { int *p __attribute__ ((counted_by (nope))); }; };	/* { dg-error "deepmap: 'counted_by' names 'nope', which is not a field of 'struct s4'" } */
union u1 { int *p __attribute__ ((counted_by (nope))); long l; };	/* { dg-error "deepmap: 'counted_by' names 'nope', which is not a field of 'union u1'" } */
union u2 { int *p __attribute__ ((counted_by (n))); int n; };	/* { dg-error "deepmap: 'counted_by' field 'n' shares its storage with 'p' in a union" } */
union u3 { struct { int n; double *d __attribute__ ((counted_by (m))); } s; long l; };	/* { dg-error "deepmap: 'counted_by' names 'm', which is not a field of 'struct <anonymous>'" } */

void use (void *);

void
f (anon_t *t, struct s1 *a, struct s2 *b, struct s3 *c)
{
#pragma omp target map(tofrom: t[0:1], a[0:1], b[0:1], c[0:1])
  use (t);
}
/* { dg-final { scan-deepmap-report "type 'anon_t': size 8, 1 pointer field" } } */
/* { dg-final { scan-deepmap-report "'\\*t' deep, elements of type 'anon_t'" } } */
/* { dg-final { scan-deepmap-report "p at 8 -> 'int', count in field 'n' at 0 \\(4 bytes" } } */
/* { dg-final { scan-deepmap-report "p at 16 -> 'int', count in field 'n' at 8 \\(4 bytes" } } */
/* { dg-final { scan-deepmap-report "p at 16 -> 'int', count in field 'n' at 8 \\(2 bytes" } } */
