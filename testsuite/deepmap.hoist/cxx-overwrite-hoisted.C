// overwrite-hoisted.c under g++: a kept section whose first construct
// stores to all of it is not copied in (y); one that a construct reads
// first is (v).  Results are checked against the host.
// { dg-options "-fplugin-arg-deepmap-report" }
// { dg-set-target-env-var DEEPMAP_STATS "1" }
// x, u, v in once (800 bytes each), y never; all four back once.
// { dg-output "deepmap: device 0 \\((emu|cuda)\\): h2d 3 transfers 2400 bytes, d2h 4 transfers 3200 bytes" { target offload_device } }
#include <cstdlib>
#include <vector>

const int N = 100;

template <typename T>
__attribute__ ((noinline)) static void
first_use (T *x, T *y, int n, int steps)
{
  for (int t = 0; t < steps; t++)
    {
#pragma omp target teams distribute parallel for map(to: x[0:n]) map(tofrom: y[0:n])
      for (int i = 0; i < n; i++)
	y[i] = x[i] + t;
#pragma omp target teams distribute parallel for map(tofrom: x[0:n], y[0:n])
      for (int i = 0; i < n; i++)
	x[i] += y[i];
    }
}

__attribute__ ((noinline)) static void
before_read (double *u, double *v, int n, int steps)
{
  for (int t = 0; t < steps; t++)
    {
#pragma omp target teams distribute parallel for map(tofrom: u[0:n], v[0:n])
      for (int i = 0; i < n; i++)
	u[i] += v[i];
#pragma omp target teams distribute parallel for map(tofrom: u[0:n], v[0:n])
      for (int i = 0; i < n; i++)
	v[i] = u[i] * 0.5;
    }
}

int
main ()
{
  std::vector<double> x (N), y (N, -1), u (N), v (N);
  for (int i = 0; i < N; i++)
    x[i] = i % 7, u[i] = i % 5, v[i] = i % 3;
  std::vector<double> hx (x), hy (y), hu (u), hv (v);
  first_use (x.data (), y.data (), N, 4);
  before_read (u.data (), v.data (), N, 3);
  for (int t = 0; t < 4; t++)
    for (int i = 0; i < N; i++)
      hy[i] = hx[i] + t, hx[i] += hy[i];
  for (int t = 0; t < 3; t++)
    for (int i = 0; i < N; i++)
      hu[i] += hv[i], hv[i] = hu[i] * 0.5;
  if (x != hx || y != hy || u != hu || v != hv)
    abort ();
  return 0;
}

// { dg-final { scan-deepmap-report "cxx-overwrite-hoisted.C:19:9: deepmap: hoist: 'y' kept on the device across the loop at cxx-overwrite-hoisted.C:17 \\(enter data map\\(to\\), exit data map\\(from\\)\\), not copied in if the first construct to use it stores to all of it" } }
// { dg-final { scan-deepmap-report "cxx-overwrite-hoisted.C:33:9: deepmap: hoist: 'v' kept on the device across the loop at cxx-overwrite-hoisted.C:31 .*, not copied in if the first construct to use it stores to all of it" } }
