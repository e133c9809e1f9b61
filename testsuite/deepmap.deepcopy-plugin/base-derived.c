/* An object reached first through a pointer to its first member's type
   (struct base *) and then through a pointer to the whole (struct
   derived *) is mapped whole: the derived fields and what they point to
   reach the device, whichever pointer comes first, and the shared
   pointer field is attached once.  */
/* { dg-require-effective-target offload_device_nonshared_as } */
#include "deeptests.h"

struct base
{
  int n;
  int *a deepmap_counted_by (n);
};

struct derived
{
  struct base b;
  int m;
  double *d deepmap_counted_by (m);
};

/* The base pointer first, then the derived one.  */
struct view1
{
  struct base *bp;
  struct derived *dp;
};

/* The derived pointer first.  */
struct view2
{
  struct derived *dp;
  struct base *bp;
};

static struct derived *
make (int n, int m)
{
  struct derived *o = xcalloc (1, sizeof *o);
  o->b.n = n;
  o->b.a = xcalloc (n, sizeof (int));
  o->m = m;
  o->d = xcalloc (m, sizeof (double));
  return o;
}

int
main (void)
{
  int dev = omp_get_default_device ();
  struct derived *o = make (8, 5);
  struct view1 v1 = { &o->b, o };

#pragma omp target enter data map(to: v1)
  CHECK (omp_target_is_present (o, dev));
  CHECK (omp_target_is_present (&o->d, dev));
  CHECK (omp_target_is_present (o->b.a, dev));
  CHECK (omp_target_is_present (&o->d[4], dev));
#pragma omp target map(tofrom: v1)
  {
    for (int i = 0; i < v1.bp->n; i++)
      v1.bp->a[i] = i + 1;
    for (int i = 0; i < v1.dp->m; i++)
      v1.dp->d[i] = 0.5 * i;
  }
  CHECK (o->d[4] == 0.0);
#pragma omp target exit data map(from: v1)
  CHECK (!omp_target_is_present (o, dev));
  CHECK (!omp_target_is_present (o->d, dev));
  CHECK (!omp_target_is_present (o->b.a, dev));
  for (int i = 0; i < 8; i++)
    CHECK (o->b.a[i] == i + 1);
  for (int i = 0; i < 5; i++)
    CHECK (o->d[i] == 0.5 * i);

  struct derived *q = make (3, 7);
  struct view2 v2 = { q, &q->b };
#pragma omp target map(tofrom: v2)
  {
    for (int i = 0; i < v2.bp->n; i++)
      v2.bp->a[i] = 10 + i;
    for (int i = 0; i < v2.dp->m; i++)
      v2.dp->d[i] = 2.0 * i;
  }
  for (int i = 0; i < 3; i++)
    CHECK (q->b.a[i] == 10 + i);
  for (int i = 0; i < 7; i++)
    CHECK (q->d[i] == 2.0 * i);
  CHECK (!omp_target_is_present (q, dev));

  printf ("base and derived views: ok\n");
  return 0;
}
