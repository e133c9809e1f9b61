// jacobi-2d in C++ (g++ with the plugin): the grids of two std::vectors
// stay on the device across the time loop; a loop that calls, at every
// step, an external function that may read or write the grid and may
// throw keeps its per-construct copies (copying the grid around the call
// would move as much; see cxx-exceptions.C and cxx-exceptions-write.C
// for calls that throw).
// { dg-options "-fplugin-arg-deepmap-report" }
// { dg-set-target-env-var DEEPMAP_STATS "1" }
// 2 grids in and out once for jacobi; 4 steps of 1 grid in and out for
// the throwing loop.
// { dg-output "deepmap: device 0 \\((emu|cuda)\\): h2d 6 transfers 196608 bytes, d2h 6 transfers 196608 bytes" { target offload_device } }
#include <cstdlib>
#include <cstring>
#include <stdexcept>
#include <vector>

static const int N = 64;

static void
jacobi (int n, int steps, double *A, double *B)
{
  for (int t = 0; t < steps; t++)
    {
#pragma omp target teams distribute parallel for collapse(2) \
	map(tofrom: A[0:n * n], B[0:n * n])
      for (int i = 1; i < n - 1; i++)
	for (int j = 1; j < n - 1; j++)
	  B[i * n + j] = 0.2 * (A[i * n + j] + A[i * n + j - 1]
				+ A[i * n + j + 1] + A[(i + 1) * n + j]
				+ A[(i - 1) * n + j]);
#pragma omp target teams distribute parallel for collapse(2) \
	map(tofrom: A[0:n * n], B[0:n * n])
      for (int i = 1; i < n - 1; i++)
	for (int j = 1; j < n - 1; j++)
	  A[i * n + j] = 0.2 * (B[i * n + j] + B[i * n + j - 1]
				+ B[i * n + j + 1] + B[(i + 1) * n + j]
				+ B[(i - 1) * n + j]);
    }
}

__attribute__ ((noinline)) void
check_step (int t)
{
  if (t < 0)
    throw std::runtime_error ("negative step");
}

__attribute__ ((noinline)) static void
may_throw (int n, double *A)
{
  for (int t = 0; t < 4; t++)
    {
#pragma omp target teams distribute parallel for map(tofrom: A[0:n * n])
      for (int i = 0; i < n * n; i++)
	A[i] += 1;
      check_step (t);
    }
}

int
main ()
{
  std::vector<double> A (N * N), B (N * N), a (N * N), b (N * N);
  for (int i = 0; i < N * N; i++)
    {
      A[i] = a[i] = (i * 7 % 13) / 13.0;
      B[i] = b[i] = (i * 3 % 11) / 11.0;
    }
  jacobi (N, 20, A.data (), B.data ());
  for (int t = 0; t < 20; t++)
    {
      for (int i = 1; i < N - 1; i++)
	for (int j = 1; j < N - 1; j++)
	  b[i * N + j] = 0.2 * (a[i * N + j] + a[i * N + j - 1]
				+ a[i * N + j + 1] + a[(i + 1) * N + j]
				+ a[(i - 1) * N + j]);
      for (int i = 1; i < N - 1; i++)
	for (int j = 1; j < N - 1; j++)
	  a[i * N + j] = 0.2 * (b[i * N + j] + b[i * N + j - 1]
				+ b[i * N + j + 1] + b[(i + 1) * N + j]
				+ b[(i - 1) * N + j]);
    }
  if (memcmp (A.data (), a.data (), N * N * sizeof (double))
      || memcmp (B.data (), b.data (), N * N * sizeof (double)))
    abort ();
  may_throw (N, A.data ());
  for (int i = 0; i < N * N; i++)
    if (A[i] != a[i] + 1 + 1 + 1 + 1)
      abort ();
  return 0;
}

// { dg-final { scan-deepmap-report "cxx-jacobi-2d.C:24:9: deepmap: hoist: '\[^'\]+' kept on the device across the loop at cxx-jacobi-2d.C:22" } }
// { dg-final { scan-deepmap-report "cxx-jacobi-2d.C:31:9: deepmap: hoist: '\[^'\]+' kept on the device across the loop at cxx-jacobi-2d.C:22" } }
// { dg-final { scan-deepmap-report "cxx-jacobi-2d.C:53:9: deepmap: hoist: missed: 'A' not kept on the device across the loop at cxx-jacobi-2d.C:51 because a call that may access it runs at every step" } }
