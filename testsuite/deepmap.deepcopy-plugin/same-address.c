/* Two deep items at one address in one construct: a structure and its
   first member, itself a structure with pointers (random-deep seed 9,
   program 25).  Each item is expanded with its own type: the runtime
   matched announcements to items by address, so the member's type was
   applied to the whole structure (its second "element" read from the
   structure's other fields: garbage pointers, a crash) and the
   structure's own pointers were never followed.  */
/* { dg-require-effective-target offload_device_nonshared_as } */
/* { dg-set-target-env-var DEEPMAP_CHECK "1" } */
#include "deeptests.h"

struct inner
{
  unsigned n;
  unsigned *a deepmap_counted_by (n);
  unsigned *end;		/* { dg-warning "one element assumed" } */
  unsigned v;
};

struct outer
{
  struct inner first;
  unsigned w;
  unsigned m;
  unsigned *b deepmap_counted_by (m);
  struct outer *next;
};

int
main (void)
{
  int dev = omp_get_default_device ();
  struct outer *o = (struct outer *) xcalloc (1, sizeof *o);
  struct outer *o2 = (struct outer *) xcalloc (1, sizeof *o2);
  o->first.n = 3;
  o->first.a = (unsigned *) xcalloc (3, sizeof (unsigned));
  o->first.end = o->first.a + 3;
  o->m = 5;
  o->b = (unsigned *) xcalloc (5, sizeof (unsigned));
  o->next = o2;
  o2->w = 40;
  /* An empty array: its end pointer equals its begin pointer, neither
     is attached, and the check accepts that.  */
  o2->first.a = (unsigned *) xcalloc (1, sizeof (unsigned));
  o2->first.end = o2->first.a;
  struct inner *s = &o->first;
  unsigned seen = 0;

#pragma omp target data map(to: o[0:1], s[0:1])
  {
    /* Both types' pointers were followed.  */
    CHECK (omp_target_is_present (o->b, dev));
    CHECK (omp_target_is_present (o2, dev));
    CHECK (omp_target_is_present (o->first.a, dev));
  }
  CHECK (!omp_target_is_present (o, dev) && !omp_target_is_present (o2, dev));

#pragma omp target map(tofrom: o[0:1], s[0:1]) map(from: seen)
  {
    for (unsigned *q = s->a; q != s->end; q++)
      *q += 2;
    for (unsigned i = 0; i < o->m; i++)
      o->b[i] = i + 1;
    seen = o->next->w;
    for (unsigned *q = o->next->first.a; q != o->next->first.end; q++)
      seen += 1000;
    o->next->w += 1;
  }
  CHECK (seen == 40);
  CHECK (o2->w == 41);
  for (unsigned i = 0; i < 3; i++)
    CHECK (o->first.a[i] == 2);
  for (unsigned i = 0; i < 5; i++)
    CHECK (o->b[i] == i + 1);
  CHECK (!omp_target_is_present (o, dev) && !omp_target_is_present (o2, dev));
  printf ("same address: ok\n");
  return 0;
}
/* { dg-output "same address: ok" } */
