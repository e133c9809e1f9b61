/* Flexible array members with counted_by (GCC 15's form): an object
   reached through a pointer, or mapped at top level, is mapped with its
   header and its N elements, and pointers in the elements are followed.
   Checks that the last element is present on the device, that the host
   is untouched until copy-back, and the results after it.  */
/* { dg-require-effective-target offload_device_nonshared_as } */
#include "deeptests.h"

struct vec
{
  int n;
  double data[] __attribute__ ((counted_by (n)));
};

struct item
{
  int len;
  int *v deepmap_counted_by (len);
};

struct bag
{
  long count;
  struct item items[] __attribute__ ((counted_by (count)));
};

struct holder
{
  struct vec *vec;
  struct bag *bag;
};

static struct vec *
make_vec (int n)
{
  struct vec *v = xcalloc (1, sizeof *v + n * sizeof (double));
  v->n = n;
  for (int i = 0; i < n; i++)
    v->data[i] = i;
  return v;
}

static struct bag *
make_bag (long n)
{
  struct bag *b = xcalloc (1, sizeof *b + n * sizeof (struct item));
  b->count = n;
  for (long i = 0; i < n; i++)
    {
      b->items[i].len = (int) i + 1;
      b->items[i].v = xcalloc (i + 1, sizeof (int));
    }
  return b;
}

int
main (void)
{
  int dev = omp_get_default_device ();
  enum { NV = 1000, NB = 50 };

  /* Reached through pointers.  */
  struct holder h = { make_vec (NV), make_bag (NB) };
#pragma omp target data map(tofrom: h)
  {
    CHECK (omp_target_is_present (&h.vec->data[NV - 1], dev));
    CHECK (omp_target_is_present (&h.bag->items[NB - 1], dev));
    CHECK (omp_target_is_present (&h.bag->items[NB - 1].v[NB - 1], dev));
#pragma omp target
    {
      for (int i = 0; i < h.vec->n; i++)
	h.vec->data[i] *= 2;
      for (long i = 0; i < h.bag->count; i++)
	for (int j = 0; j < h.bag->items[i].len; j++)
	  h.bag->items[i].v[j] = (int) i * 100 + j;
    }
    /* Not copied back yet.  */
    CHECK (h.vec->data[NV - 1] == NV - 1);
    CHECK (h.bag->items[NB - 1].v[NB - 1] == 0);
  }
  for (int i = 0; i < NV; i++)
    CHECK (h.vec->data[i] == 2.0 * i);
  for (long i = 0; i < NB; i++)
    for (int j = 0; j <= i; j++)
      CHECK (h.bag->items[i].v[j] == (int) i * 100 + j);
  CHECK (!omp_target_is_present (h.vec, dev));

  /* Mapped at top level.  */
  struct vec *v = make_vec (NV);
  struct bag *b = make_bag (NB);
#pragma omp target data map(tofrom: v[0:1], b[0:1])
  {
    CHECK (omp_target_is_present (&v->data[NV - 1], dev));
    CHECK (omp_target_is_present (&b->items[NB - 1].v[NB - 1], dev));
#pragma omp target
    {
      for (int i = 0; i < v->n; i++)
	v->data[i] += 1;
      for (long i = 0; i < b->count; i++)
	b->items[i].v[i] = -1;
    }
    CHECK (v->data[NV - 1] == NV - 1);
    CHECK (b->items[NB - 1].v[NB - 1] == 0);
  }
  for (int i = 0; i < NV; i++)
    CHECK (v->data[i] == i + 1.0);
  for (long i = 0; i < NB; i++)
    CHECK (b->items[i].v[i] == -1);

  /* enter/exit data.  */
#pragma omp target enter data map(to: v[0:1])
  CHECK (omp_target_is_present (&v->data[NV - 1], dev));
#pragma omp target
  v->data[NV - 1] = 42;
  CHECK (v->data[NV - 1] == NV);
#pragma omp target exit data map(from: v[0:1])
  CHECK (v->data[NV - 1] == 42);
  CHECK (!omp_target_is_present (v, dev));
  printf ("flexible array: ok\n");
  return 0;
}
/* { dg-output "flexible array: ok" } */
