// Descriptors of C++ types: vtable pointers are left out (no entry, no
// warning), base classes' pointers are at their offsets in the derived
// class, and a std::vector is one entry from _M_start up to the end
// pointer _M_finish, with the element type's descriptor, plus an
// uncounted entry for _M_finish (the runtime translates it into the
// elements: it points one past their end).
// { dg-do compile }
// { dg-options "-fplugin-arg-deepmap-report" }
#include <vector>
#include "deepmap.h"

struct base
{
  virtual ~base () {}
  virtual int get () const { return n; }
  int n;
  int *a deepmap_counted_by (n);
};

struct derived : base
{
  int get () const override { return 2 * n; }
  long m;
  double *b deepmap_counted_by (m);
};

struct item { int k; float *f deepmap_counted_by (k); };

struct holder
{
  std::vector<double> xs;
  std::vector<item> items;
};

void use (void *);

void
f (derived *d, holder *h)
{
#pragma omp target map(tofrom: d[0:1], h[0:1])
  {
    use (d);
    use (h);
  }
}

// { dg-final { scan-deepmap-report "type 'derived': size 40, 2 pointer fields" } }
// { dg-final { scan-deepmap-report "a at 16 -> 'int', count in field 'n' at 8" } }
// { dg-final { scan-deepmap-report "b at 32 -> 'double', count in field 'm' at 24" } }
// { dg-final { scan-deepmap-report-not "_vptr" } }
// { dg-final { scan-deepmap-report "type 'holder': size 48, 4 pointer fields" } }
// { dg-final { scan-deepmap-report "xs._M_impl._M_finish at 8 -> 'double', one element" } }
// { dg-final { scan-deepmap-report "xs._M_impl._M_start at 0 -> 'double', up to the end pointer '_M_finish' at 8" } }
// { dg-final { scan-deepmap-report "items._M_impl._M_start at 24 -> 'item', up to the end pointer '_M_finish' at 32" } }
// { dg-final { scan-deepmap-report "f at 8 -> 'float', count in field 'k' at 0" } }
// { dg-final { scan-deepmap-report-not "_M_end_of_storage" } }
