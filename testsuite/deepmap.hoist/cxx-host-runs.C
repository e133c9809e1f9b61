// C++ (g++ with the plugin): a convergence loop over the data of a
// std::vector whose host code reads one element after each step (kept,
// with a target update from; the residual r, which the host resets and
// tests around every construct, stays mapped by the construct), and a
// run of three constructs outside any loop with a host write between
// them (kept from the first construct to the last, with a target update
// to).
// { dg-options "-fplugin-arg-deepmap-report" }
// { dg-set-target-env-var DEEPMAP_STATS "1" }
// relax: U in once, r in and out and 1 update of U[n - 1] out per step
// (8 steps), U out once; smooth: V in and out once, 1 element in.
// { dg-output "deepmap: device 0 \\((emu|cuda)\\): h2d 11 transfers 1672 bytes, d2h 18 transfers 1728 bytes" { target offload_device } }
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

// { dg-final { scan-deepmap-report "cxx-host-runs.C:28:9: deepmap: hoist: 'U' kept on the device across the loop at cxx-host-runs.C:25 \\(enter data map\\(to\\), exit data map\\(from\\)\\)" } }
// { dg-final { scan-deepmap-report "cxx-host-runs.C:35:22: deepmap: hoist: 'U' copied from the device before a host read that may see it \\(target update from\\)" } }
// { dg-final { scan-deepmap-report "cxx-host-runs.C:44:9: deepmap: hoist: 'V' kept on the device from the construct at cxx-host-runs.C:44 to the construct at cxx-host-runs.C:51 \\(enter data map\\(to\\), exit data map\\(from\\)\\)" } }
// { dg-final { scan-deepmap-report "cxx-host-runs.C:47:8: deepmap: hoist: 'V' copied to the device after a host write" } }
// { dg-final { scan-deepmap-report "cxx-host-runs.C:28:9: deepmap: hoist: missed: 'r' not kept on the device across the loop at cxx-host-runs.C:25 because the host reads or writes all of it" } }
// { dg-final { scan-deepmap-report-not "missed: '\[UV\]'" } }
