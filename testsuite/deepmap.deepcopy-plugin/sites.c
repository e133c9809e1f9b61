/* Deep items announced by the static site table the plugin emits (one
   per unit, registered by a constructor) in every shape and context a
   construct has: a pointer section, a global array of structures, a
   structure variable, target update, target data, a construct in a
   parallel region, a nowait target, a function called with different
   objects.  Presence of what the items point to proves the deep map;
   device-side sums prove that update moved the new host values.
   sites-off.c runs the same with the per-construct calls
   (-fplugin-arg-deepmap-sites=off).  */
/* { dg-do run } */
/* { dg-require-effective-target offload_device_nonshared_as } */
/* { dg-additional-options "-fdump-tree-all" } */
#include "deeptests.h"

struct vec
{
  long n;
  double *data deepmap_counted_by (n);
};

#define N 16

static struct vec global[4];

static struct vec *
vec_new (long n, double base)
{
  struct vec *v = xcalloc (1, sizeof *v);
  v->n = n;
  v->data = xcalloc (n, sizeof (double));
  for (long i = 0; i < n; i++)
    v->data[i] = base + i;
  return v;
}

static double
device_sum (struct vec *v)
{
  double s = 0;
#pragma omp target map(to: v[0:1]) map(tofrom: s)
  for (long i = 0; i < v->n; i++)
    s += v->data[i];
  return s;
}

/* One construct, called with different objects.  */
static void
enter (struct vec *v)
{
#pragma omp target enter data map(to: v[0:1])
}

static void
leave (struct vec *v)
{
#pragma omp target exit data map(from: v[0:1])
}

int
main (void)
{
  int dev = omp_get_default_device ();
  struct vec *a = vec_new (N, 0), *b = vec_new (2 * N, 100);

  enter (a);
  enter (b);
  CHECK (omp_target_is_present (a->data, dev));
  CHECK (omp_target_is_present (b->data, dev));
  CHECK (device_sum (a) == N * (N - 1) / 2);

  /* Update to: the device sees the host's new values.  */
  for (long i = 0; i < N; i++)
    a->data[i] = 1;
#pragma omp target update to(a[0:1])
  CHECK (device_sum (a) == N);

  /* Update from: the host gets what the device wrote.  */
#pragma omp target map(to: b[0:1])
  for (long i = 0; i < b->n; i++)
    b->data[i] = 2;
  CHECK (b->data[0] == 100);
#pragma omp target update from(b[0:1])
  for (long i = 0; i < b->n; i++)
    CHECK (b->data[i] == 2);
  leave (a);
  leave (b);
  CHECK (!omp_target_is_present (a->data, dev));
  CHECK (!omp_target_is_present (b->data, dev));

  /* A global array of structures, in a target data region.  */
  for (int k = 0; k < 4; k++)
    global[k] = *vec_new (N, k);
#pragma omp target data map(tofrom: global)
  {
    for (int k = 0; k < 4; k++)
      CHECK (omp_target_is_present (global[k].data, dev));
#pragma omp target
    for (int k = 0; k < 4; k++)
      for (long i = 0; i < N; i++)
	global[k].data[i] *= 2;
  }
  for (int k = 0; k < 4; k++)
    for (long i = 0; i < N; i++)
      CHECK (global[k].data[i] == 2 * (k + i));

  /* A structure variable.  */
  struct vec s = { N, xcalloc (N, sizeof (double)) };
#pragma omp target enter data map(to: s)
  CHECK (omp_target_is_present (s.data, dev));
#pragma omp target
  for (long i = 0; i < N; i++)
    s.data[i] = 7;
#pragma omp target exit data map(from: s)
  CHECK (!omp_target_is_present (s.data, dev));
  for (long i = 0; i < N; i++)
    CHECK (s.data[i] == 7);

  /* Constructs in a parallel region: each thread its own object.  */
  struct vec *t[4];
  for (int k = 0; k < 4; k++)
    t[k] = vec_new (N, k);
#pragma omp parallel for num_threads (4)
  for (int k = 0; k < 4; k++)
    {
      struct vec *p = t[k];
#pragma omp target map(tofrom: p[0:1])
      for (long i = 0; i < N; i++)
	p->data[i] += 10;
    }
  for (int k = 0; k < 4; k++)
    for (long i = 0; i < N; i++)
      CHECK (t[k]->data[i] == k + i + 10);

  /* nowait.  */
  struct vec *w = vec_new (N, 0);
#pragma omp target map(tofrom: w[0:1]) nowait
  for (long i = 0; i < N; i++)
    w->data[i] = -i;
#pragma omp taskwait
  for (long i = 0; i < N; i++)
    CHECK (w->data[i] == -i);

  puts ("sites ok");
  return 0;
}
/* { dg-output "sites ok" } */
/* Every construct's items were found in its arrays: no call is left.  */
/* { dg-final { scan-tree-dump-not "annotation kept" "deepmap_sites" } } */
/* { dg-final { scan-tree-dump-not "deepmap_annotate \\(" "optimized" } } */
