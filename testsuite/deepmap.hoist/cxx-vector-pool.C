// A std::vector whose allocator hands out memory of a pool the function
// allocated itself, and an array the loop keeps that is that same pool
// (plugin/dm-storage.c's negative case).  Only std::allocator's
// vectors own a buffer apart from everything else: the host's write
// through this vector is a write into the kept array, and is copied to
// the device after it.  Results are the host's.
// { dg-options "-fplugin-arg-deepmap-report -w" }
// { dg-set-target-env-var DEEPMAP_CHECK "1" }
// { dg-final { scan-deepmap-report "'pool' copied to the device after a host write that may change it" } }
#include <vector>
#include <cstdlib>
#include <cstddef>
#include "check.h"

template <class T>
struct Pool
{
  typedef T value_type;
  char *base;
  std::size_t *used;
  Pool (char *b, std::size_t *u) : base (b), used (u) {}
  template <class U> Pool (const Pool<U> &o) : base (o.base), used (o.used) {}
  T *allocate (std::size_t n)
  {
    T *p = (T *) (base + *used);
    *used += n * sizeof (T);
    return p;
  }
  void deallocate (T *, std::size_t) {}
  bool operator== (const Pool &o) const { return base == o.base; }
  bool operator!= (const Pool &o) const { return base != o.base; }
};

#define OMP(x) _Pragma (#x)
#define HOST(x)

#define CODE(run, P) \
__attribute__ ((noipa)) static double \
run (int n, int steps) \
{ \
  char *pool = (char *) std::malloc (2 * n * sizeof (double)); \
  std::size_t used = 0; \
  std::vector<double, Pool<double> > w (n, 1.0, Pool<double> (pool, &used)); \
  double *a = (double *) pool; \
  for (int t = 0; t < steps; t++) \
    { \
      P (omp target teams distribute parallel for map(tofrom: a[0:n])) \
      for (int i = 0; i < n; i++) \
	a[i] = a[i] * 0.5 + i; \
      w[t % n] = 5.0 + t; \
    } \
  double r = 0; \
  for (int i = 0; i < n; i++) \
    r += a[i] * (i % 7); \
  std::free (pool); \
  return r; \
}

CODE (run_device, OMP)
CODE (run_host, HOST)

int
main ()
{
  double d = run_device (512, 9), h = run_host (512, 9);
  CHECK (d == h, "%.17g, host %.17g", d, h);
  return 0;
}
