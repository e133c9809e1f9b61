/* Two structures that share a sub-object: mapped together, the shared
   grid (and its counted array) is mapped once, both device copies point
   at the same device grid, and a change made through one is seen
   through the other; mapped in nested constructs, the second structure
   finds the grid already present.  */
/* { dg-require-effective-target offload_device_nonshared_as } */
#include "deeptests.h"

struct grid
{
  int n;
  double *data deepmap_counted_by (n);
};

struct solver
{
  struct grid *g;
  int id;
  double *scratch deepmap_counted_by (id);
};

#define N 100

int
main (void)
{
  int dev = omp_get_default_device ();
  struct grid *g = xcalloc (1, sizeof *g);
  g->n = N;
  g->data = xcalloc (N, sizeof (double));
  for (int i = 0; i < N; i++)
    g->data[i] = i;
  struct solver *a = xcalloc (1, sizeof *a);
  struct solver *b = xcalloc (1, sizeof *b);
  a->g = b->g = g;
  a->id = 1;
  b->id = 2;
  a->scratch = xcalloc (1, sizeof (double));
  b->scratch = xcalloc (2, sizeof (double));

  double seen = 0;
#pragma omp target data map(tofrom: a[0:1], b[0:1])
  {
    CHECK (omp_target_is_present (g, dev));
    CHECK (omp_target_is_present (&g->data[N - 1], dev));
    struct solver da, db;
    CHECK (omp_target_memcpy (&da, omp_get_mapped_ptr (a, dev), sizeof da,
			      0, 0, omp_get_initial_device (), dev) == 0);
    CHECK (omp_target_memcpy (&db, omp_get_mapped_ptr (b, dev), sizeof db,
			      0, 0, omp_get_initial_device (), dev) == 0);
    CHECK (da.g == db.g && da.g == omp_get_mapped_ptr (g, dev));
    CHECK (da.scratch != db.scratch);

#pragma omp target map(tofrom: a[0:1], b[0:1], seen)
    {
      for (int i = 0; i < a->g->n; i++)
	a->g->data[i] += 1;
      seen = b->g->data[N - 1];
      b->scratch[1] = b->g->data[0];
      a->scratch[0] = a->g == b->g;
    }
    CHECK (seen == N);		/* (N - 1) + 1: the same device grid */
    CHECK (g->data[N - 1] == N - 1 && b->scratch[1] == 0);
  }
  CHECK (!omp_target_is_present (g, dev));
  for (int i = 0; i < N; i++)
    CHECK (g->data[i] == i + 1);	/* changed once, not twice */
  CHECK (a->g == g && b->g == g);
  CHECK (a->scratch[0] == 1 && b->scratch[1] == 1);

  /* Nested: a maps the grid, b's deep copy finds it present.  */
#pragma omp target data map(to: a[0:1])
  {
    void *dg = omp_get_mapped_ptr (g->data, dev);
#pragma omp target data map(tofrom: b[0:1])
    {
      CHECK (omp_get_mapped_ptr (g->data, dev) == dg);
#pragma omp target map(tofrom: b[0:1])
      for (int i = 0; i < b->g->n; i++)
	b->g->data[i] *= 3;
#pragma omp target map(tofrom: a[0:1], seen)
      seen = a->g->data[2];
      CHECK (seen == 9);
    }
    /* The grid belongs to a's mapping: b's exit does not copy it back.  */
    CHECK (omp_target_is_present (g->data, dev));
    CHECK (g->data[2] == 3);
  }
  CHECK (!omp_target_is_present (g->data, dev));
  CHECK (g->data[2] == 3);	/* a mapped it with to: no copy-back */
  puts ("shared sub-object ok");
  return 0;
}
/* { dg-output "shared sub-object ok" } */
