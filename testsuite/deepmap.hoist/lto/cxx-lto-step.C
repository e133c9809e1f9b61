// The constructs of cxx-lto-callee.C's time loop, in a translation unit
// of their own: a member function of the solver.
#include "cxx-lto-solver.h"

void
solver::step ()
{
  double *pa = a.data (), *pb = b.data ();
  int n = (int) a.size ();
#pragma omp target teams distribute parallel for map(tofrom: pa[0:n], pb[0:n])
  for (int i = 1; i < n - 1; i++)
    pb[i] = 0.5 * (pa[i - 1] + pa[i + 1]);
#pragma omp target teams distribute parallel for map(tofrom: pa[0:n], pb[0:n])
  for (int i = 1; i < n - 1; i++)
    pa[i] = pb[i];
}
