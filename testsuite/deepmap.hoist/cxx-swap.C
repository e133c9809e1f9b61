// C++: a heat-equation class template that std::swaps its two grid
// pointers after each step.  Both grids stay on the device across the
// time loop, each copied in and out once.
// { dg-options "-fplugin-arg-deepmap-report" }
// { dg-set-target-env-var DEEPMAP_STATS "1" }
// { dg-output "deepmap: device 0 \\((emu|cuda)\\): h2d 2 transfers 16384 bytes, d2h 2 transfers 16384 bytes" { target offload_device } }
#include <cstdlib>
#include <utility>
#include <vector>

template <typename T>
struct Heat
{
  T *cur, *next;
  int n;

  __attribute__ ((noinline)) void
  run (int steps)
  {
    T *u = cur, *v = next;
    int m = n;
    for (int t = 0; t < steps; t++)
      {
#pragma omp target teams distribute parallel for map(tofrom: u[0:m], v[0:m])
	for (int i = 1; i < m - 1; i++)
	  v[i] = u[i] + 0.25 * (u[i - 1] - 2 * u[i] + u[i + 1]);
	std::swap (u, v);
      }
    cur = u;
    next = v;
  }
};

int
main ()
{
  const int N = 1024;
  std::vector<double> a (N), b (N);
  for (int i = 0; i < N; i++)
    a[i] = b[i] = (i * 7 % 13) / 13.0;
  std::vector<double> ha = a, hb = b;
  Heat<double> h = { a.data (), b.data (), N };
  h.run (10);
  double *u = ha.data (), *v = hb.data ();
  for (int t = 0; t < 10; t++)
    {
      for (int i = 1; i < N - 1; i++)
	v[i] = u[i] + 0.25 * (u[i - 1] - 2 * u[i] + u[i + 1]);
      std::swap (u, v);
    }
  if (a != ha || b != hb || h.cur != a.data ())
    abort ();
  return 0;
}

// { dg-final { scan-deepmap-report "cxx-swap.C:24:9: deepmap: hoist: 'u' kept on the device across the loop at cxx-swap.C:22 \\(enter data map\\(to\\), exit data map\\(from\\)\\), with every array it trades places with" } }
// { dg-final { scan-deepmap-report "cxx-swap.C:24:9: deepmap: hoist: 'v' kept on the device across the loop at cxx-swap.C:22" } }
