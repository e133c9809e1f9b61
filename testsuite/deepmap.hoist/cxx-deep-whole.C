// A deep item kept whole in C++ (g++ -fplugin=deepmap): a class holding
// counted arrays, a time-step loop of kernels in a member function with
// no host code in the loop; the objects move once each way, in one
// transfer (8 unused bytes between two blocks), and the host's results.
// { dg-options "-fplugin-arg-deepmap-report" }
// { dg-set-target-env-var DEEPMAP_STATS "1" }
// { dg-output "deepmap: device 0 \\((emu|cuda)\\): h2d 1 transfers 8032 bytes, d2h 1 transfers 8032 bytes" { target offload_device } }
#include <cstdlib>
#include "deepmap.h"
#include "check.h"

struct grid
{
  long n;
  float *a deepmap_counted_by (n);
  float *b deepmap_counted_by (n);

  __attribute__ ((noinline)) void
  relax (int steps)
  {
    grid *g = this;
    for (int t = 0; t < steps; t++)
      {
#pragma omp target teams distribute parallel for map(tofrom: g[0:1])
	for (long i = 1; i < g->n - 1; i++)
	  g->b[i] = (g->a[i - 1] + g->a[i] + g->a[i + 1]) / 4;
#pragma omp target teams distribute parallel for map(tofrom: g[0:1])
	for (long i = 1; i < g->n - 1; i++)
	  g->a[i] = g->b[i];
      }
  }
};

int
main ()
{
  const long n = 1000;
  grid *g = static_cast<grid *> (std::malloc (sizeof (grid)));
  g->n = n;
  g->a = static_cast<float *> (std::calloc (n, sizeof (float)));
  g->b = static_cast<float *> (std::calloc (n, sizeof (float)));
  float *a = static_cast<float *> (std::calloc (n, sizeof (float)));
  float *b = static_cast<float *> (std::calloc (n, sizeof (float)));
  for (long i = 0; i < n; i++)
    g->a[i] = a[i] = i % 5;
  g->relax (15);
  for (int t = 0; t < 15; t++)
    {
      for (long i = 1; i < n - 1; i++)
	b[i] = (a[i - 1] + a[i] + a[i + 1]) / 4;
      for (long i = 1; i < n - 1; i++)
	a[i] = b[i];
    }
  for (long i = 0; i < n; i++)
    CHECK (g->a[i] == a[i] && g->b[i] == b[i], "i %ld", i);
  return 0;
}
// { dg-final { scan-deepmap-report "with everything it points to \\(deep\\)" } }
