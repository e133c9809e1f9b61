// C++ (g++ with the plugin): a convergence loop over the data of a
// std::vector whose host code reads the residual and one element after
// each step (kept, with target updates from), and a run of three
// constructs outside any loop with a host write between them (kept from
// the first construct to the last, with a target update to).
// { dg-options "-fplugin-arg-deepmap-report" }
// { dg-set-target-env-var DEEPMAP_STATS "1" }
// relax: U and r in once, 1 update of r in and 2 updates out (r and
// U[n - 1]) per step (8 steps), U and r out once; smooth: V in and out
// once, 1 element in.
// { dg-output "deepmap: device 0 \\(emu\\): h2d 12 transfers 1680 bytes, d2h 19 transfers 1736 bytes" { target offload_device } }
#include <cstdlib>
#include <vector>

static const int N = 100;

// Halve U until its largest element is under TOL; LAST gets U[N - 1]
// after each step.
__attribute__ ((noinline)) static int
relax (double *U, int n, double tol, double *last)
{
  double r = 1e30;
  int steps = 0;
  while (r > tol)
    {
      r = 0;
#pragma omp target teams distribute parallel for reduction(max: r) \
	map(tofrom: U[0:n], r)
      for (int i = 0; i < n; i++)
	{
	  U[i] *= 0.5;
	  r = U[i] > r ? U[i] : r;
	}
      *last = U[n - 1];
      steps++;
    }
  return steps;
}

__attribute__ ((noinline)) static void
smooth (double *V, int n)
{
#pragma omp target teams distribute parallel for map(tofrom: V[0:n])
  for (int i = 0; i < n; i++)
    V[i] += 1;
  V[0] = 100;
#pragma omp target teams distribute parallel for map(tofrom: V[0:n])
  for (int i = 1; i < n; i++)
    V[i] += V[0];
#pragma omp target teams distribute parallel for map(tofrom: V[0:n])
  for (int i = 0; i < n; i++)
    V[i] *= 2;
}

int
main ()
{
  std::vector<double> U (N), V (N);
  for (int i = 0; i < N; i++)
    U[i] = i;
  double last = 0;
  if (relax (U.data (), N, 0.5, &last) != 8 || last != 99.0 / 256)
    abort ();
  for (int i = 0; i < N; i++)
    if (U[i] != i / 256.0)
      abort ();
  smooth (V.data (), N);
  if (V[0] != 200)
    abort ();
  for (int i = 1; i < N; i++)
    if (V[i] != 202)
      abort ();
  return 0;
}

// { dg-final { scan-deepmap-report "cxx-host-runs.C:27:9: deepmap: hoist: 'U' kept on the device across the loop at cxx-host-runs.C:24 \\(enter data map\\(to\\), exit data map\\(from\\)\\)" } }
// { dg-final { scan-deepmap-report "cxx-host-runs.C:27:9: deepmap: hoist: 'r' kept on the device across the loop at cxx-host-runs.C:24" } }
// { dg-final { scan-deepmap-report "cxx-host-runs.C:34:22: deepmap: hoist: 'U' copied from the device before a host read that may see it \\(target update from\\)" } }
// { dg-final { scan-deepmap-report "cxx-host-runs.C:24:12: deepmap: hoist: 'r' copied from the device before a host read" } }
// { dg-final { scan-deepmap-report "cxx-host-runs.C:26:9: deepmap: hoist: 'r' copied to the device after a host write" } }
// { dg-final { scan-deepmap-report "cxx-host-runs.C:43:9: deepmap: hoist: 'V' kept on the device from the construct at cxx-host-runs.C:43 to the construct at cxx-host-runs.C:50 \\(enter data map\\(to\\), exit data map\\(from\\)\\)" } }
// { dg-final { scan-deepmap-report "cxx-host-runs.C:46:8: deepmap: hoist: 'V' copied to the device after a host write" } }
// { dg-final { scan-deepmap-report-not "missed" } }
