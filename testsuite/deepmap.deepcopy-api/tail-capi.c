/* A counted tail (flexible array member) through the C API: an object
   with deepmap_type_set_tail is mapped with its N elements, N read from
   the object, both at top level and through a pointer; bad tails are
   refused.  */
/* { dg-require-effective-target offload_device_nonshared_as } */
#include "capi.h"

struct vec { int n; double data[]; };
struct hold { struct vec *v; };

int
main (void)
{
  int dev = omp_get_default_device ();
  struct deepmap_type *dbl = deepmap_type_new ("double", sizeof (double));
  struct deepmap_type *tv = deepmap_type_new ("struct vec",
					      sizeof (struct vec));
  struct deepmap_type *th = deepmap_type_new ("struct hold",
					      sizeof (struct hold));
  CHECK (dbl && tv && th);
  struct deepmap_field tail = { offsetof (struct vec, data), 1, 0, dbl,
				DEEPMAP_COUNT_FIELD, sizeof (int), 1,
				offsetof (struct vec, n), "data" };
  struct deepmap_field bad = tail;
  bad.count = sizeof (struct vec);	/* count outside the header */
  CHECK (deepmap_type_set_tail (tv, &bad) == -1);
  bad = tail;
  bad.count_kind = DEEPMAP_COUNT_ONE;
  CHECK (deepmap_type_set_tail (tv, &bad) == -1);
  CHECK (deepmap_type_set_tail (tv, &tail) == 0);
  CHECK (deepmap_type_set_tail (tv, &tail) == -1);	/* one tail */
  CHECK (deepmap_type_add_pointer (th, "v", 0, tv, DEEPMAP_COUNT_ONE, 0, 0,
				   0) == 0);

  enum { N = 300 };
  struct vec *v = calloc (1, sizeof *v + N * sizeof (double));
  CHECK (v);
  v->n = N;
  struct deepmap_annotation ann = { v, tv };
  deepmap_annotate (1, &ann);
#pragma omp target data map(tofrom: v[0:1])
  {
    CHECK (omp_target_is_present (&v->data[N - 1], dev));
#pragma omp target
    v->data[N - 1] = 5;
    CHECK (v->data[N - 1] == 0);
  }
  CHECK (v->data[N - 1] == 5);

  struct hold h = { v };
  ann = (struct deepmap_annotation) { &h, th };
  deepmap_annotate (1, &ann);
#pragma omp target data map(tofrom: h)
  {
    CHECK (omp_target_is_present (&v->data[N - 1], dev));
#pragma omp target
    h.v->data[0] = 7;
  }
  CHECK (v->data[0] == 7);
  deepmap_type_free (th);
  deepmap_type_free (tv);
  deepmap_type_free (dbl);
  printf ("tail capi: ok\n");
  return 0;
}
/* { dg-output "tail capi: ok" } */
