// A program that replaces operator new, with a replacement that writes
// the array a loop keeps on the device.  Its calls are then host
// accesses like any call's (the array is copied back before each and
// sent again after it), not harmless allocations: before, the
// replacement's writes were lost (7 instead of 1407; an adversarial
// review).  A scalar new: under ASan's interceptors the library's new[]
// no longer calls the program's operator new.  Results are the host's.
// { dg-options "-fplugin-arg-deepmap-report" }
// { dg-set-target-env-var DEEPMAP_CHECK "1" }
#include <cstdlib>
#include <new>
#include "check.h"

static double *watch;
static int nwatch;
/* Seen, so that GCC keeps the new expression.  */
int *volatile seen;

void *
operator new (std::size_t sz)
{
  if (watch)
    for (int i = 0; i < nwatch; i++)
      watch[i] += 100;
  void *p = std::malloc (sz ? sz : 1);
  if (!p)
    throw std::bad_alloc ();
  return p;
}

void operator delete (void *p) noexcept { std::free (p); }
void operator delete (void *p, std::size_t) noexcept { std::free (p); }

__attribute__ ((noipa)) static void
run (double *a, int n, int steps)
{
  watch = a;
  nwatch = n;
  for (int t = 0; t < steps; t++)
    {
#pragma omp target map(tofrom: a[0:n])
      for (int i = 0; i < n; i++)
	a[i] += 1;
      int *tmp = new int;
      *tmp = t;
      seen = tmp;
      delete tmp;
#pragma omp target map(tofrom: a[0:n])
      for (int i = 0; i < n; i++)
	a[i] *= 2;
#pragma omp target map(tofrom: a[0:n])
      for (int i = 0; i < n; i++)
	a[i] -= 1;
    }
  watch = 0;
}

int
main ()
{
  double *a = (double *) std::calloc (4, sizeof *a);
  run (a, 4, 3);
  for (int i = 0; i < 4; i++)
    CHECK (a[i] == 1407, "a[%d] = %g", i, a[i]);
  std::free (a);
  return 0;
}

// { dg-final { scan-deepmap-report "cxx-replaced-new.C:44:\[0-9\]+: deepmap: hoist: 'a' copied from the device before a call that may see it" } }
