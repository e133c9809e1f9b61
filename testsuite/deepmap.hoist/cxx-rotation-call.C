// C++: a heat step whose two grids, each from its own new[], trade
// places with std::swap, and the current one is recorded every few
// steps by a function given only it: only that grid is copied from the
// device before the call.  Results are checked against the host.
// { dg-options "-fplugin-arg-deepmap-report" }
// { dg-set-target-env-var DEEPMAP_STATS "1" }
// 2 in, 3 records of the current grid, 2 out.
// { dg-output "deepmap: device 0 \\((emu|cuda)\\): h2d 2 transfers 16000 bytes, d2h 5 transfers 40000 bytes" { target offload_device } }
#include <cstdlib>
#include <cstring>
#include <utility>

static double sums[2][12];

__attribute__ ((noinline)) static void
record (const double *f, int n, int k, int t)
{
  double s = 0;
  for (int i = 0; i < n; i++)
    s += f[i];
  sums[k][t] = s;
}

template <bool Offload>
__attribute__ ((noinline)) static void
heat (int n, int steps, double *out)
{
  double *cur = new double[n], *prev = new double[n];
  for (int i = 0; i < n; i++)
    cur[i] = prev[i] = (i * 7 % 13) / 13.0;
  for (int t = 0; t < steps; t++)
    {
      if (Offload)
	{
#pragma omp target teams distribute parallel for map(to: prev[0:n]) \
	map(tofrom: cur[0:n])
	  for (int i = 1; i < n - 1; i++)
	    cur[i] = 0.25 * (prev[i - 1] + 2 * prev[i] + prev[i + 1]);
	}
      else
	for (int i = 1; i < n - 1; i++)
	  cur[i] = 0.25 * (prev[i - 1] + 2 * prev[i] + prev[i + 1]);
      if (t % 4 == 0)
	record (cur, n, Offload, t);
      std::swap (cur, prev);
    }
  std::memcpy (out, prev, n * sizeof *out);
  delete[] cur;
  delete[] prev;
}

int
main ()
{
  static double dev[1000], ref[1000];
  heat<true> (1000, 12, dev);
  heat<false> (1000, 12, ref);
  if (std::memcmp (sums[0], sums[1], sizeof sums[0])
      || std::memcmp (dev, ref, sizeof ref))
    std::abort ();
  return 0;
}

// { dg-final { scan-deepmap-report "cxx-rotation-call.C:44:9: deepmap: hoist: 'cur' copied from the device before a call that may see it \\(target update from\\)" } }
// { dg-final { scan-deepmap-report-not "deepmap: hoist: 'prev' copied" } }
