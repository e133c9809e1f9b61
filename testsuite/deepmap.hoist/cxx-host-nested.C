// A grid class whose step loop runs two kernels, then resets the first
// column of the grid on the host (a strided write) and sums it over rows
// and columns (two loops down): only whole copies can follow those, and
// they cost less than the kernels' maps, so the grid is kept: in and out
// once, plus, at each step, back and out again around the column loop
// and back before the sum (3 copies instead of the kernels' 4).
// { dg-options "-fplugin-arg-deepmap-report" }
// { dg-set-target-env-var DEEPMAP_STATS "1" }
// { dg-output "deepmap: device 0 \\((emu|cuda)\\): h2d 5 transfers 10240 bytes, d2h 9 transfers 18432 bytes" { target offload_device } }
#include <cstdlib>
#include <vector>

static const int N = 16;

struct Grid
{
  std::vector<double> g;
  int n;
  explicit Grid (int n) : g (n * n), n (n) {}
  __attribute__ ((noinline)) double run (int steps, bool device);
};

double
Grid::run (int steps, bool device)
{
  double *G = g.data ();
  const int n = this->n;
  double s = 0;
  for (int t = 0; t < steps; t++)
    {
#pragma omp target teams distribute parallel for map(tofrom: G[0:n * n]) if (device)
      for (int i = 0; i < n * n; i++)
	G[i] = 0.5 * G[i] + (i % n);
#pragma omp target teams distribute parallel for map(tofrom: G[0:n * n]) if (device)
      for (int i = 0; i < n * n; i++)
	G[i] = 0.75 * G[i] + 0.25 * (i / n);
      for (int i = 0; i < n; i++)
	G[i * n] = t + 1;
      for (int r = 0; r < n; r++)
	for (int c = 0; c < n; c++)
	  s += G[r * n + c] * (r + 1);
    }
  return s;
}

int
main ()
{
  Grid a (N), b (N);
  for (int i = 0; i < N * N; i++)
    a.g[i] = b.g[i] = i % 9;
  double sa = a.run (4, true);
  double sb = b.run (4, false);
  if (a.g != b.g || sa != sb)
    abort ();
  return 0;
}

// { dg-final { scan-deepmap-report "cxx-host-nested.C:31:9: deepmap: hoist: '\[^'\]*' kept on the device across the loop at cxx-host-nested.C:29" } }
