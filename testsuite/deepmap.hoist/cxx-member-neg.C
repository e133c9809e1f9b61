// Member pointers a loop may not load once: the host swaps them after
// each step (std::swap of the members), and a kernel that stores to the
// object itself (a member the device writes comes back with the
// object's copy, which may then change the pointers' slots too, for all
// the compiler knows).  Neither is kept; results are those of the host.
// { dg-options "-fplugin-arg-deepmap-report -w" }
#include <utility>
#include "check.h"

struct pair
{
  long n;
  double *u, *v;
  double last;

  __attribute__ ((noinline)) void
  swapping (int steps)
  {
    for (int t = 0; t < steps; t++)
      {
#pragma omp target teams distribute parallel for map(tofrom: u[0:n], v[0:n])
	for (long i = 0; i < n; i++)
	  v[i] = u[i] + 1;
	std::swap (u, v);
      }
  }

  __attribute__ ((noinline)) void
  recording (int steps)
  {
    for (int t = 0; t < steps; t++)
      {
#pragma omp target map(tofrom: u[0:n])
	{
	  for (long i = 0; i < n; i++)
	    u[i] += 1;
	  last = u[n - 1];
	}
      }
  }
};

int
main ()
{
  const long n = 64;
  pair p = { n, new double[n] (), new double[n] (), 0 };
  double *a = p.u, *b = p.v;
  p.swapping (5);
  // b: 1, a: 2, b: 3, a: 4, b: 5; p.u ends on b.
  CHECK (p.u == b && p.v == a);
  for (long i = 0; i < n; i++)
    CHECK (a[i] == 4 && b[i] == 5, "i %ld", i);
  p.recording (3);
  CHECK (p.last == 8);
  for (long i = 0; i < n; i++)
    CHECK (b[i] == 8, "i %ld", i);
  delete[] a;
  delete[] b;
  return 0;
}
// { dg-final { scan-deepmap-report-not "'this->u' kept" } }
