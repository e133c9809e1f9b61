// Array members of a global object mapped in a loop (map(tofrom: grid.u,
// grid.v): GOMP_MAP_STRUCT), in C++.  They lie end to end and are kept
// as one section across the loop: in and out once instead of at each of
// 10 steps.  Members named through this (in a member function) are not
// kept yet: GCC computes their addresses from this, not as members of a
// named object.  Results as on the host.
// { dg-options "-fplugin-arg-deepmap-report" }
// { dg-set-target-env-var DEEPMAP_STATS "1" }
// { dg-output "deepmap: device 0 \\((emu|cuda)\\): h2d 1 transfers 16000 bytes, d2h 1 transfers 16000 bytes" { target offload_device } }
#include <cstdlib>
#include <cstring>

static const int N = 1000;

struct Pair
{
  double u[N];
  double v[N];
};

Pair grid, reference;

__attribute__ ((noinline)) static void
run (Pair &p, int steps, bool device)
{
  for (int t = 0; t < steps; t++)
    {
#pragma omp target teams distribute parallel for map(tofrom: grid.u, grid.v) if (device)
      for (int i = 0; i < N; i++)
	grid.u[i] = 0.5 * grid.u[i] + grid.v[i];
#pragma omp target teams distribute parallel for map(tofrom: grid.u, grid.v) if (device)
      for (int i = 0; i < N; i++)
	grid.v[i] = 0.25 * grid.v[i] + i;
    }
  if (&p != &grid)
    {
      std::memcpy (&p, &grid, sizeof p);
    }
}

int
main ()
{
  for (int i = 0; i < N; i++)
    {
      grid.u[i] = i % 7;
      grid.v[i] = i % 3;
    }
  Pair start = grid;
  run (grid, 10, true);
  Pair on_device = grid;
  grid = start;
  run (reference, 10, false);
  if (std::memcmp (&on_device, &reference, sizeof reference))
    std::abort ();
  return 0;
}

// { dg-final { scan-deepmap-report "cxx-struct-members.C:28:9: deepmap: hoist: 'grid.u..grid.v' kept on the device across the loop at cxx-struct-members.C:26" } }
