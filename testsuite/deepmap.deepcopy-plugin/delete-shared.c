/* `exit data map(delete:)' of one deep-mapped parent removes the parent
   and what only it holds: a child that another mapped parent still
   reaches stays mapped and attached (its device pointer does not
   dangle), and what the deleted parent alone held goes whatever its
   count was (nothing stale is found by a later enter data).  */
/* { dg-require-effective-target offload_device_nonshared_as } */
#include "deeptests.h"

struct child
{
  int n;
  double *v deepmap_counted_by (n);
};

struct parent
{
  struct child *c;
  struct child *own;
};

static struct child *
make_child (int n, double x)
{
  struct child *c = xcalloc (1, sizeof *c);
  c->n = n;
  c->v = xcalloc (n, sizeof (double));
  for (int i = 0; i < n; i++)
    c->v[i] = x;
  return c;
}

int
main (void)
{
  int dev = omp_get_default_device ();
  struct child *shared = make_child (10, 1.0);
  struct parent *p1 = xcalloc (1, sizeof *p1);
  struct parent *p2 = xcalloc (1, sizeof *p2);
  p1->c = p2->c = shared;
  p1->own = make_child (4, 2.0);
  p2->own = make_child (4, 3.0);

#pragma omp target enter data map(to: p1[0:1])
#pragma omp target enter data map(to: p2[0:1])
#pragma omp target exit data map(delete: p1[0:1])
  CHECK (!omp_target_is_present (p1, dev));
  CHECK (!omp_target_is_present (p1->own, dev));
  CHECK (!omp_target_is_present (p1->own->v, dev));
  CHECK (omp_target_is_present (shared, dev));
  CHECK (omp_target_is_present (shared->v, dev));

  /* P2's device copy still reaches the shared child.  */
  double sum = 0;
#pragma omp target map(from: sum)
  {
    sum = 0;
    for (int i = 0; i < p2->c->n; i++)
      {
	sum += p2->c->v[i];
	p2->c->v[i] = 5.0;
      }
  }
  CHECK (sum == 10.0);
#pragma omp target exit data map(from: p2[0:1])
  CHECK (!omp_target_is_present (shared->v, dev));
  CHECK (shared->v[9] == 5.0);

  /* A parent entered twice, then deleted: everything it held goes.  */
#pragma omp target enter data map(to: p1[0:1])
#pragma omp target enter data map(to: p1[0:1])
#pragma omp target exit data map(delete: p1[0:1])
  CHECK (!omp_target_is_present (p1, dev));
  CHECK (!omp_target_is_present (shared, dev));
  CHECK (!omp_target_is_present (p1->own->v, dev));
  /* So a new enter data copies what the host has now.  */
  p1->own->v[0] = 42.0;
#pragma omp target enter data map(to: p1[0:1])
  double first = 0;
#pragma omp target map(from: first)
  first = p1->own->v[0];
  CHECK (first == 42.0);
#pragma omp target exit data map(release: p1[0:1])
  CHECK (!omp_target_is_present (p1->own->v, dev));

  /* A child the program maps itself keeps the program's reference.  */
#pragma omp target enter data map(to: shared->v[0:10])
#pragma omp target enter data map(to: p1[0:1])
#pragma omp target exit data map(delete: p1[0:1])
  CHECK (omp_target_is_present (shared->v, dev));
#pragma omp target exit data map(release: shared->v[0:10])
  CHECK (!omp_target_is_present (shared->v, dev));

  printf ("delete of a shared parent: ok\n");
  return 0;
}
