/* DEEPMAP_COUNT_END through the C API: a [begin, end) pair (the layout
   of std::vector) maps exactly end - begin elements, attaches begin, and
   leaves the end pointer alone (one past the elements: mapping it would
   copy back memory the structure does not own).  A distance that takes
   the end pointer out of the type is refused.  */
/* { dg-require-effective-target offload_device_nonshared_as } */
#include "capi.h"

struct range { int tag; double *begin; double *end; double *cap; };

int
main (void)
{
  int dev = omp_get_default_device ();
  struct deepmap_type *dbl = deepmap_type_new ("double", sizeof (double));
  struct deepmap_type *t = deepmap_type_new ("struct range",
					     sizeof (struct range));
  CHECK (dbl && t);
  size_t begin = offsetof (struct range, begin);
  size_t end = offsetof (struct range, end);
  CHECK (deepmap_type_add_pointer (t, "begin", begin, dbl, DEEPMAP_COUNT_END,
				   end - begin, 0, 0) == 0);
  /* The end pointer would lie past the object.  */
  CHECK (deepmap_type_add_pointer (t, "bad", begin, dbl, DEEPMAP_COUNT_END,
				   sizeof (struct range), 0, 0) == -1);
  CHECK (deepmap_type_add_pointer (t, "bad", end, dbl, DEEPMAP_COUNT_END,
				   (size_t) -(ptrdiff_t) (end + 1), 0, 0) == -1);

  double *store = calloc (64, sizeof (double));
  CHECK (store);
  struct range r = { 1, store, store + 10, store + 64 };
  struct deepmap_annotation ann = { &r, t };
  deepmap_annotate (1, &ann);
#pragma omp target data map(tofrom: r)
  {
    CHECK (omp_target_is_present (&store[0], dev));
    CHECK (omp_target_is_present (&store[9], dev));
    CHECK (!omp_target_is_present (&store[10], dev));
    struct range d;
    omp_target_memcpy (&d, omp_get_mapped_ptr (&r, dev), sizeof d, 0, 0,
		       omp_get_initial_device (), dev);
    CHECK (d.begin == omp_get_mapped_ptr (store, dev));
    CHECK (d.end == store + 10);
#pragma omp target
    for (int i = 0; i < 10; i++)
      r.begin[i] = i + 0.5;
    CHECK (store[4] == 0.0);
  }
  for (int i = 0; i < 10; i++)
    CHECK (store[i] == i + 0.5);
  CHECK (r.begin == store && r.end == store + 10 && r.cap == store + 64);

  /* Empty: nothing mapped, nothing attached.  */
  struct range e = { 2, store, store, store + 64 };
  ann.host = &e;
  deepmap_annotate (1, &ann);
#pragma omp target data map(tofrom: e)
  CHECK (!omp_target_is_present (store, dev));

  free (store);
  deepmap_type_free (t);
  deepmap_type_free (dbl);
  printf ("range: ok\n");
  return 0;
}
/* { dg-output "range: ok" } */
