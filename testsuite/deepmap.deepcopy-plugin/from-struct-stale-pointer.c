/* A structure a region maps from (an output) holds stale pointers: one
   to an unrelated variable, one to a list node.  Deep copy follows them,
   but what a structure mapped from reaches is mapped tofrom: bytes the
   region does not write come back as they were, not as device garbage
   over memory the structure does not own (SOLLVE V&V 4.5's enter data
   struct test: the variable was overwritten with 0xa5a5a5a5).  The
   structure's own bytes come back, and so do the pointers the region
   stored (NULL here: what the region leaves in a structure mapped from
   is its result).  A structure whose pointees the region fills, mapped
   from, still gets them back.  */
/* { dg-require-effective-target offload_device_nonshared_as } */
/* { dg-additional-options "-Wno-deepmap" } */
#include "deeptests.h"

struct node
{
  int v;
  struct node *next;
};

struct out
{
  int a;
  int *p;
  struct node *n;
};

int victim = 42;
struct node bystander = { 7, NULL };

int
main (void)
{
  struct out c;
  c.a = 0;
  c.p = &victim;
  c.n = &bystander;
#pragma omp target map(from: c)
  {
    c.a = 7;
    c.p = NULL;
    c.n = NULL;
  }
  CHECK (c.a == 7 && c.p == NULL && c.n == NULL, "c: %d %p %p",
	 c.a, (void *) c.p, (void *) c.n);
  CHECK (victim == 42, "victim: %d (%#x)", victim, (unsigned) victim);
  CHECK (bystander.v == 7, "bystander: %d (%#x)", bystander.v,
	 (unsigned) bystander.v);

  int filled = 0;
  struct node slot = { 0, NULL };
  struct out d = { 0, &filled, &slot };
#pragma omp target map(from: d)
  {
    d.a = 3;
    *d.p = 4;
    d.n->v = 5;
  }
  CHECK (d.a == 3 && filled == 4 && slot.v == 5, "filled: %d %d %d", d.a,
	 filled, slot.v);

  struct node tail = { 2, NULL }, head = { 1, &tail };
  int sum = 0;
#pragma omp target map(tofrom: head) map(from: sum)
  sum = head.v + head.next->v;
  CHECK (sum == 3, "sum through a tofrom structure: %d", sum);
  printf ("from struct: ok\n");
  return 0;
}
/* { dg-output "from struct: ok" } */
