// The report names sections whose variables -O2 leaves no trace of
// (no -g): the members of an object a new-expression made, by its class
// ('Domain::m_x.data()'), and an array an inlined allocation function
// returned, by the call and where the program makes it (OMPDart's naive
// LULESH: its Domain and its Allocate<Real_t> (n) arrays).
// { dg-options "-fplugin-arg-deepmap-report -w" }
// { dg-final { scan-deepmap-report "'Domain::m_x.data\\(\\)' kept on the device across the loop" } }
// { dg-final { scan-deepmap-report "'malloc \\(\\) at cxx-unnamed-objects.C:\[0-9\]+' kept on the device across the loop" } }
// { dg-final { scan-deepmap-report-not "'_\[0-9\]+'" } }
#include <cstdlib>
#include <vector>
#include "check.h"

template <typename T>
static T *
Allocate (size_t n)
{
  return static_cast<T *> (malloc (sizeof (T) * n));
}

struct Domain
{
  int n;
  double dt;
  std::vector<double> m_x, m_y;
  Domain (int n) : n (n), dt (0.5), m_x (n), m_y (n) {}
};

#define OMP(x) _Pragma (#x)
#define HOST(x)

#define CODE(run, P) \
__attribute__ ((noinline)) static double \
run (int steps) \
{ \
  Domain *dom = new Domain (256); \
  int n = dom->n; \
  double *x = &dom->m_x[0], *y = &dom->m_y[0]; \
  double *w = Allocate<double> (n); \
  for (int i = 0; i < n; i++) \
    { \
      w[i] = i; \
      x[i] = 2 * i; \
      y[i] = 1; \
    } \
  for (int t = 0; t < steps; t++) \
    { \
      P (omp target teams distribute parallel for \
	 map(tofrom: x[0:n], y[0:n], w[0:n])) \
      for (int i = 0; i < n; i++) \
	x[i] += w[i] * 0.25 + y[i]; \
      P (omp target teams distribute parallel for \
	 map(tofrom: x[0:n], y[0:n], w[0:n])) \
      for (int i = 0; i < n; i++) \
	{ \
	  y[i] = x[i] * 0.5; \
	  w[i] += 1; \
	} \
    } \
  double s = 0; \
  for (int i = 0; i < n; i++) \
    s += x[i] + y[i] + w[i]; \
  free (w); \
  delete dom; \
  return s; \
}

CODE (run, OMP)
CODE (host_run, HOST)

int
main ()
{
  double a = run (5), b = host_run (5);
  CHECK (a == b, "%g, host %g", a, b);
  return 0;
}
