/* __attribute__ ((deepmap_shallow)) on a variable, a parameter or a
   pointer field.  */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-deepmap-report" } */
#include "deepmap.h"

struct node { int v; struct node *next; };
struct pair
{
  struct node *deep;
  struct node *skip __attribute__ ((deepmap_shallow));
  void *any __attribute__ ((deepmap_shallow));	/* no warning either */
};
struct only { int *p __attribute__ ((deepmap_shallow)); int n; };

void use (void *);
int bad __attribute__ ((deepmap_shallow));
void fn (void) __attribute__ ((deepmap_shallow));	/* { dg-warning "attribute ignored" } */

void
f (struct node *a, struct node *b __attribute__ ((deepmap_shallow)))
{
  struct pair p = { a, b, 0 };
  struct node n __attribute__ ((deepmap_shallow)) = { 1, a };
  struct only o = { 0, 0 };
#pragma omp target map(tofrom: a[0:1], b[0:1], p, n, o)
  {
    use (&p);
    use (&n);
    use (&o);
  }
}

/* { dg-final { scan-deepmap-report "shallow-attr.c:26:9: deepmap: target: '\\*a' deep" } } */
/* { dg-final { scan-deepmap-report "shallow-attr.c:26:9: deepmap: target: '\\*b' shallow \\(deepmap_shallow\\)" } } */
/* { dg-final { scan-deepmap-report "shallow-attr.c:26:9: deepmap: target: 'n' shallow \\(deepmap_shallow\\)" } } */
/* { dg-final { scan-deepmap-report "type 'struct pair': size 24, 1 pointer field" } } */
/* { dg-final { scan-deepmap-report "deepmap:   deep at 0 -> 'struct node'" } } */
/* { dg-final { scan-deepmap-report-not "deepmap:   skip at" } } */
/* { dg-final { scan-deepmap-report-not "target: 'o'" } } */
