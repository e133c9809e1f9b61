// deepmap_counted_by inside class templates: the count field is resolved
// in each instantiation (its type may depend on the arguments), and the
// pointee's descriptor is the argument's.
// { dg-require-effective-target offload_device_nonshared_as }
// { dg-additional-options "-fdump-tree-all" }
#include <new>
#include "deeptests.h"

template <typename T, typename N>
struct buffer
{
  N len;
  T *data deepmap_counted_by (len);

  explicit buffer (N n)
    : len (n), data (static_cast<T *> (xcalloc (n, sizeof (T))))
  {
  }
  ~buffer () { free (data); }
  T sum () const
  {
    T s = 0;
    for (N i = 0; i < len; i++)
      s += data[i];
    return s;
  }
};

// A count of the argument's own type, and an element that is itself a
// template with a counted pointer.
template <typename N>
struct table
{
  N rows;
  buffer<float, N> *row deepmap_counted_by (rows);
};

int
main ()
{
  int dev = omp_get_default_device ();
  buffer<double, int> d (40);
  buffer<short, unsigned char> c (200);
  table<long> t;
  t.rows = 3;
  t.row = static_cast<buffer<float, long> *> (xcalloc (3, sizeof *t.row));
  for (long i = 0; i < t.rows; i++)
    new (&t.row[i]) buffer<float, long> (5 + i);
  double dsum = 0;
  int csum = 0;

#pragma omp target enter data map(to: d, c, t)
  CHECK (omp_target_is_present (&d.data[39], dev));
  CHECK (omp_target_is_present (&c.data[199], dev));
  CHECK (omp_target_is_present (&t.row[2], dev));
  CHECK (omp_target_is_present (&t.row[2].data[6], dev));

#pragma omp target map(from: dsum, csum)
  {
    for (int i = 0; i < d.len; i++)
      d.data[i] = i;
    for (int i = 0; i < c.len; i++)
      c.data[i] = 2;
    for (long r = 0; r < t.rows; r++)
      for (long i = 0; i < t.row[r].len; i++)
	t.row[r].data[i] = r + 1;
    dsum = d.sum ();
    csum = c.sum ();
  }
  CHECK (dsum == 780.0 && csum == 400);
  CHECK (d.data[5] == 0.0 && t.row[1].data[0] == 0.0f);

#pragma omp target exit data map(from: d, c, t)
  CHECK (!omp_target_is_present (d.data, dev));
  CHECK (!omp_target_is_present (t.row[2].data, dev));
  CHECK (d.sum () == 780.0 && c.sum () == 400);
  for (long r = 0; r < t.rows; r++)
    CHECK (t.row[r].sum () == (r + 1) * (5 + r));
  for (long i = 0; i < t.rows; i++)
    t.row[i].~buffer ();
  free (t.row);
  printf ("C++ templates: ok\n");
  return 0;
}
// { dg-output "C\\+\\+ templates: ok" }
// Every instantiation's constructs became sites of the static table.
// { dg-final { scan-tree-dump-times "deep sites of the construct" 3 "deepmap_sites" } }
// { dg-final { scan-tree-dump-not "deepmap_annotate \\(" "optimized" } }
