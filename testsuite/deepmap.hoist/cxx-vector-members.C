// A time loop over a member function whose kernel uses two std::vector
// members (GCC maps *this, after a zero-length entry of this): the
// plugin deep-copies *this and hoisting keeps it whole, so both vectors'
// data move once each way (one transfer: the object and two arrays of
// 8000 bytes), as an expert's target data would, instead of every step
// (401 and 80 transfers before).  Results are those of the host.
// { dg-options "-fplugin-arg-deepmap-report" }
// { dg-set-target-env-var DEEPMAP_STATS "1" }
// { dg-output "deepmap: device 0 \\((emu|cuda)\\): h2d 1 transfers 16064 bytes, d2h 1 transfers 16064 bytes" { target offload_device } }
#include <vector>
#include "check.h"

struct Grid
{
  long n;
  std::vector<double> u, v;
  Grid (long n) : n (n), u (n, 1.0), v (n, 2.0) {}
  void step (int t)
  {
#pragma omp target teams distribute parallel for
    for (long i = 0; i < n; i++)
      u[i] = 0.5 * u[i] + v[i] + t;
  }
};

int
main ()
{
  Grid g (1000);
  for (int t = 0; t < 40; t++)
    g.step (t);
  double x = 1.0;
  for (int t = 0; t < 40; t++)
    x = 0.5 * x + 2.0 + t;
  for (long i = 0; i < g.n; i++)
    CHECK (g.u[i] == x, "u[%ld] = %g, not %g", i, g.u[i], x);
  return 0;
}

// { dg-final { scan-deepmap-report "cxx-vector-members.C:20:9: deepmap: hoist: 'g' kept on the device across the loop at cxx-vector-members.C:30 \\(enter data map\\(to\\), exit data map\\(from\\)\\), with everything it points to \\(deep\\)" } }
