/* delete-shared.c with parents that point to each other: deleting one
   dropped from their shared child as many references as the deleted
   parent had, one of which the other parent's enter data gave it (its
   walk reached the deleted parent through the link) while giving the
   child its own: the child was unmapped under the other parent, whose
   region wrote freed device memory and whose exit data brought nothing
   back.  A deleted parent's children drop the references of the
   parent's own maps only.  */
/* { dg-require-effective-target offload_device_nonshared_as } */
#include "deeptests.h"

struct buf
{
  int n;
  double *d deepmap_counted_by (n);
};

struct parent
{
  struct buf *a;
  struct parent *other;
};

int
main (void)
{
  int dev = omp_get_default_device ();
  struct buf *shared = xcalloc (1, sizeof *shared);
  shared->n = 4;
  shared->d = xcalloc (4, sizeof (double));
  struct parent *p1 = xcalloc (1, sizeof *p1), *p2 = xcalloc (1, sizeof *p2);
  p1->a = p2->a = shared;
  p1->other = p2;
  p2->other = p1;
#pragma omp target enter data map(to: p1[0:1])
#pragma omp target enter data map(to: p2[0:1])
#pragma omp target
  p1->a->d[0] = 100;
#pragma omp target exit data map(delete: p1[0:1])
  CHECK (!omp_target_is_present (p1, dev));
  CHECK (omp_target_is_present (p2, dev));
  CHECK (omp_target_is_present (shared, dev));
  CHECK (omp_target_is_present (shared->d, dev));
#pragma omp target
  p2->a->d[1] = 200;
#pragma omp target exit data map(from: p2[0:1])
  CHECK (shared->d[0] == 100, "d[0] is %g", shared->d[0]);
  CHECK (shared->d[1] == 200, "d[1] is %g", shared->d[1]);
  CHECK (!omp_target_is_present (shared, dev));
  CHECK (!omp_target_is_present (shared->d, dev));
  CHECK (p1->other == p2 && p2->other == p1 && p1->a == shared);
  return 0;
}
