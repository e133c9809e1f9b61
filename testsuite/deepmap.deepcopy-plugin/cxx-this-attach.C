// A member function's region that uses a pointer member with no count:
// GCC attaches this->p itself (OpenMP: a zero-length array section,
// NULL on the device where nothing is mapped there).  The construct's
// own attachment decides, not deep copy: the region sees NULL until the
// program maps the array, then writes through it.  (Deep copy used to
// map one element of its own there: the region saw a pointer and wrote
// past the element it had.)
// { dg-options "-w" }
// { dg-require-effective-target offload_device_nonshared_as }
#include <cstring>
#include "check.h"

struct holder
{
  int *p;
  int n;

  bool fill (int v)
  {
    bool seen;
#pragma omp target map(from: seen)
    {
      seen = p != 0;
      if (p)
	for (int i = 0; i < n; i++)
	  p[i] = v;
    }
    return seen;
  }
};

int
main ()
{
  const int N = 16;
  int *a = new int[N];
  std::memset (a, 0, N * sizeof *a);
  holder h = { a, N };

  CHECK (!h.fill (7), "the region saw a pointer nothing maps");
  CHECK (h.p == a, "the host pointer changed");
  for (int i = 0; i < N; i++)
    CHECK (a[i] == 0, "a[%d] = %d", i, a[i]);

#pragma omp target data map(tofrom: a[0:N])
  CHECK (h.fill (7), "the region did not see the mapped array");
  for (int i = 0; i < N; i++)
    CHECK (a[i] == 7, "a[%d] = %d", i, a[i]);
  delete[] a;
  return 0;
}
