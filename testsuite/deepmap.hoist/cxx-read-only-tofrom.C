// C++ twin of read-only-tofrom.c: a function template over two arrays
// mapped tofrom, of which the device only reads X: kept without its
// copy back (under a run-time test, as X and Y may be one array).  With
// two vectors: X and Y in once, Y back once.  With one vector for both:
// the test fails and the loop runs as written (4 steps, each copying
// both list items in and back).
// { dg-options "-fplugin-arg-deepmap-report" }
// { dg-set-target-env-var DEEPMAP_STATS "1" }
// 2 + 8 in (800 bytes each), 1 + 8 back.
// { dg-output "deepmap: device 0 \\((emu|cuda)\\): h2d 10 transfers 8000 bytes, d2h 9 transfers 7200 bytes" { target offload_device } }
#include <cstdlib>
#include <vector>

template <typename T>
__attribute__ ((noinline)) void
axpy_steps (const T a, T *x, T *y, int n, int steps)
{
  for (int t = 0; t < steps; t++)
    {
#pragma omp target teams distribute parallel for map(tofrom: x[0:n], y[0:n])
      for (int i = 0; i < n; i++)
	y[i] += a * x[i];
    }
}

int
main ()
{
  const int n = 100;
  std::vector<double> x (n), y (n, 1.0), z (n, 1.0);
  for (int i = 0; i < n; i++)
    x[i] = i;
  axpy_steps (2.0, x.data (), y.data (), n, 4);
  for (int i = 0; i < n; i++)
    if (y[i] != 1 + 8.0 * i || x[i] != i)
      abort ();
  // z += z, four times.
  axpy_steps (1.0, z.data (), z.data (), n, 4);
  for (int i = 0; i < n; i++)
    if (z[i] != 16)
      abort ();
  return 0;
}

// { dg-final { scan-deepmap-report "cxx-read-only-tofrom.C:20:9: deepmap: hoist: 'x' kept on the device across the loop at cxx-read-only-tofrom.C:18 \\(enter data map\\(to\\), exit data map\\(release\\)\\), not copied back: no construct writes it if the sections the compiler cannot tell apart do not overlap at run time" } }
// { dg-final { scan-deepmap-report "cxx-read-only-tofrom.C:20:9: deepmap: hoist: 'y' kept on the device across the loop at cxx-read-only-tofrom.C:18 \\(enter data map\\(to\\), exit data map\\(from\\)\\) if" } }
