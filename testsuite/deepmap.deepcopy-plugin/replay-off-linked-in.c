/* With DEEPMAP_DEEP_REPLAY=0 every construct walks a present structure:
   a node the host links in where a pointer was NULL while the structure
   stays mapped (target data) is mapped by the next region's walk, but
   the pointer, attached as NULL when the structure was mapped, was not
   set again: the region followed NULL and faulted.  The device copy of
   a pointer attached as NULL follows the host's once it is set.  */
/* { dg-require-effective-target offload_device_nonshared_as } */
/* { dg-set-target-env-var DEEPMAP_DEEP_REPLAY "0" } */
#include "deeptests.h"

struct node
{
  double v;
  struct node *next;
};

struct list
{
  struct node *head;
  struct node *extra;
};

int
main (void)
{
  struct node *a = xcalloc (1, sizeof *a), *c = xcalloc (1, sizeof *c);
  a->v = 1;
  c->v = 3;
  struct list l = { a, NULL };
#pragma omp target data map(tofrom: l)
  {
#pragma omp target
    l.head->v += 10;
    l.extra = c;		/* linked in while mapped */
#pragma omp target
    l.extra->v += 100;
  }
  CHECK (a->v == 11, "a->v is %g", a->v);
  CHECK (c->v == 103, "c->v is %g", c->v);
  CHECK (l.extra == c, "l.extra is %p, not %p", (void *) l.extra, (void *) c);
  return 0;
}
