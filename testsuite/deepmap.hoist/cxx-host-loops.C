// A class template whose step function maps its two grids in separate
// constructs (the compiler cannot tell the pointers apart: a test on
// entry to the loop does) and touches rows on the host between them (one
// update of each row per step, around the host loops).  Called once with
// separate grids and once with one grid twice (the test fails and the
// loop runs as written); both match the host's own run.
// { dg-options "-fplugin-arg-deepmap-report" }
// { dg-set-target-env-var DEEPMAP_STATS "1" }
// Separate grids: 2 grids of 2048 bytes in and out once, a 128-byte row
// each way per step (4 steps).  The same grid, as written: 3 copies of
// 2048 bytes each way per step (the second construct maps it twice).
// The updates for this->n, which the compiler cannot tell from the
// grids, move no bytes and are not counted.
// { dg-output "deepmap: device 0 \\((emu|cuda)\\): h2d 18 transfers 29184 bytes, d2h 18 transfers 29184 bytes" { target offload_device } }
#include <cstdlib>
#include <cstring>
#include <vector>

static const int N = 16;

template <typename T>
struct Grids
{
  T *a, *b;
  int n;

  __attribute__ ((noinline)) T
  run (int steps)
  {
    T *A = a, *B = b;
    int nn = n * n;
    T probe = 0;
    for (int t = 0; t < steps; t++)
      {
#pragma omp target teams distribute parallel for map(tofrom: A[0:nn])
	for (int i = 0; i < nn; i++)
	  A[i] = A[i] * 0.5 + 1;
	for (int j = 0; j < n; j++)
	  probe += A[(n / 2) * n + j];
	for (int j = 0; j < n; j++)
	  A[j] = (t + j) % 3;
#pragma omp target teams distribute parallel for map(tofrom: A[0:nn], B[0:nn])
	for (int i = 0; i < nn; i++)
	  B[i] = B[i] * 0.25 + A[i];
      }
    return probe;
  }
};

template <typename T>
static T
host (T *A, T *B, int n, int steps)
{
  int nn = n * n;
  T probe = 0;
  for (int t = 0; t < steps; t++)
    {
      for (int i = 0; i < nn; i++)
	A[i] = A[i] * 0.5 + 1;
      for (int j = 0; j < n; j++)
	probe += A[(n / 2) * n + j];
      for (int j = 0; j < n; j++)
	A[j] = (t + j) % 3;
      for (int i = 0; i < nn; i++)
	B[i] = B[i] * 0.25 + A[i];
    }
  return probe;
}

int
main ()
{
  std::vector<double> A (N * N), B (N * N), a, b;
  for (int i = 0; i < N * N; i++)
    {
      A[i] = i % 7;
      B[i] = i % 5;
    }
  a = A;
  b = B;
  Grids<double> g = { A.data (), B.data (), N };
  double p = g.run (4);
  double q = host (a.data (), b.data (), N, 4);
  if (p != q || A != a || B != b)
    abort ();
  Grids<double> same = { A.data (), A.data (), N };
  p = same.run (4);
  q = host (a.data (), a.data (), N, 4);
  if (p != q || A != a)
    abort ();
  return 0;
}

// { dg-final { scan-deepmap-report "cxx-host-loops.C:35:9: deepmap: hoist: 'A' kept on the device across the loop at cxx-host-loops.C:33 \\(enter data map\\(to\\), exit data map\\(from\\)\\) if the sections the compiler cannot tell apart do not overlap at run time" } }
// { dg-final { scan-deepmap-report "cxx-host-loops.C:42:9: deepmap: hoist: 'B' kept on the device across the loop at cxx-host-loops.C:33" } }
// { dg-final { scan-deepmap-report "cxx-host-loops.C:39:14: deepmap: hoist: 'A' copied from the device before the host loop whose reads may see it" } }
// { dg-final { scan-deepmap-report "cxx-host-loops.C:41:9: deepmap: hoist: 'A' copied to the device after the host loop whose writes may change it" } }
