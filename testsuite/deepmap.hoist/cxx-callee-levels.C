// A solver class whose time loop calls advance (), which calls the two
// member functions holding the target constructs (all defined out of the
// class, so not implicitly inline): with the plugin every level is
// inlined into the loop and both grids stay on the device, 2 copies each
// way instead of 4 per step.
// { dg-options "-fplugin-arg-deepmap-report" }
// { dg-set-target-env-var DEEPMAP_STATS "1" }
// { dg-output "deepmap: device 0 \\((emu|cuda)\\): h2d 2 transfers 16000 bytes, d2h 2 transfers 16000 bytes" { target offload_device } }
#include <cstdlib>
#include <vector>
#include "smooth.h"

static const int N = 1000;

struct Solver
{
  std::vector<double> a, b;
  void smooth (const double *A, double *B, int n);
  void relax (double *A, const double *B, int n);
  void advance (double *A, double *B, int n);
  __attribute__ ((noinline)) void run (int steps);
};

void
Solver::smooth (const double *A, double *B, int n)
{
#pragma omp target teams distribute parallel for map(to: A[0:n]) map(tofrom: B[0:n])
  for (int i = 1; i < n - 1; i++)
    B[i] = 0.5 * (A[i - 1] + A[i + 1]);
}

void
Solver::relax (double *A, const double *B, int n)
{
#pragma omp target teams distribute parallel for map(tofrom: A[0:n]) map(to: B[0:n])
  for (int i = 1; i < n - 1; i++)
    A[i] = 0.5 * (A[i] + B[i]);
}

void
Solver::advance (double *A, double *B, int n)
{
  smooth (A, B, n);
  relax (A, B, n);
}

void
Solver::run (int steps)
{
  double *A = a.data (), *B = b.data ();
  int n = (int) a.size ();
  for (int t = 0; t < steps; t++)
    advance (A, B, n);
}

int
main ()
{
  Solver s;
  s.a.resize (N);
  s.b.resize (N);
  std::vector<double> a (N), b (N);
  smooth_init (N, s.a.data (), a.data (), s.b.data (), b.data ());
  s.run (10);
  smooth_reference (N, 10, a.data (), b.data ());
  if (s.a != a || s.b != b)
    abort ();
  return 0;
}

// { dg-final { scan-deepmap-report "cxx-callee-levels.C:27:9: deepmap: hoist: 'this->a.data\\(\\)' kept on the device across the loop at cxx-callee-levels.C:52 \\(enter data map\\(to\\), exit data map\\(from\\)\\)" } }
