// A solver class whose time loop calls a member function holding the
// target constructs (defined out of the class, so not implicitly
// inline): with the plugin the constructs are inlined into the loop and
// both grids stay on the device, 2 copies each way instead of 2 per step.
// (The report names the inlined arguments by their GIMPLE temporaries.)
// { dg-options "-fplugin-arg-deepmap-report" }
// { dg-set-target-env-var DEEPMAP_STATS "1" }
// { dg-output "deepmap: device 0 \\((emu|cuda)\\): h2d 2 transfers 16000 bytes, d2h 2 transfers 16000 bytes" { target offload_device } }
#include <cstdlib>
#include <vector>

static const int N = 1000;

struct Solver
{
  std::vector<double> a, b;
  void step (double *A, double *B, int n);
  __attribute__ ((noinline)) void run (int steps);
};

void
Solver::step (double *A, double *B, int n)
{
#pragma omp target teams distribute parallel for map(tofrom: A[0:n], B[0:n])
  for (int i = 1; i < n - 1; i++)
    B[i] = 0.5 * (A[i - 1] + A[i + 1]);
#pragma omp target teams distribute parallel for map(tofrom: A[0:n], B[0:n])
  for (int i = 1; i < n - 1; i++)
    A[i] = 0.5 * (A[i] + B[i]);
}

void
Solver::run (int steps)
{
  double *A = a.data (), *B = b.data ();
  int n = (int) a.size ();
  for (int t = 0; t < steps; t++)
    step (A, B, n);
}

int
main ()
{
  Solver s;
  s.a.resize (N);
  s.b.resize (N);
  std::vector<double> a (N), b (N);
  for (int i = 0; i < N; i++)
    {
      s.a[i] = a[i] = (i * 7 % 13) / 13.0;
      s.b[i] = b[i] = (i * 3 % 11) / 11.0;
    }
  s.run (10);
  for (int t = 0; t < 10; t++)
    {
      for (int i = 1; i < N - 1; i++)
	b[i] = 0.5 * (a[i - 1] + a[i + 1]);
      for (int i = 1; i < N - 1; i++)
	a[i] = 0.5 * (a[i] + b[i]);
    }
  if (s.a != a || s.b != b)
    abort ();
  return 0;
}

// { dg-final { scan-deepmap-report "cxx-callee.C:24:9: deepmap: hoist: 'this->a.data\\(\\)' kept on the device across the loop at cxx-callee.C:37 \\(enter data map\\(to\\), exit data map\\(from\\)\\)" } }
// { dg-final { scan-deepmap-report "cxx-callee.C:27:9: deepmap: hoist: 'this->b.data\\(\\)' kept on the device across the loop at cxx-callee.C:37" } }
