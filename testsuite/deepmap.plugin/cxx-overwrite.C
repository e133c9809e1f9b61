// The C test overwrite.c under g++: regions that store to all of an
// item before reading it (a pointer section under a combined construct,
// a global array under a counted loop, rows under an inner loop, a
// std::vector's data) get it mapped as map(from:); a region that reads
// it, or another item that reaches the same bytes (checked at run
// time), keeps the copy in.  Results are checked against the host.
// { dg-options "-fplugin-arg-deepmap-report -fplugin-arg-deepmap-hoist=off" }
// { dg-set-target-env-var DEEPMAP_STATS "1" }
// Without the plugin: 8 copies in, 7200 bytes; the hits leave out c of
// scale (800), g (800), A (1600) and v (800).
// { dg-output "deepmap: device 0 \\((emu|cuda)\\): h2d 4 transfers 3200 bytes, d2h 6 transfers 5600 bytes" { target offload_device } }
#include <cstdlib>
#include <vector>

const int N = 100;
double g[N];

template <typename T>
__attribute__ ((noinline)) static void
scale (const T *a, T *c, int n)
{
#pragma omp target teams distribute parallel for map(to: a[0:n]) map(tofrom: c[0:n])
  for (int i = 0; i < n; i++)
    c[i] = 2 * a[i];
}

__attribute__ ((noinline)) static void
fill_global ()
{
#pragma omp target
  for (int i = 0; i < N; i++)
    g[i] = i;
}

__attribute__ ((noinline)) static void
rows (double *A, int n, int m)
{
#pragma omp target teams distribute parallel for map(tofrom: A[0:n*m])
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      A[i * m + j] = i - j;
}

__attribute__ ((noinline)) static void
fill_vector (std::vector<double> &v)
{
  double *p = v.data ();
  int n = (int) v.size ();
#pragma omp target teams distribute parallel for map(tofrom: p[0:n])
  for (int i = 0; i < n; i++)
    p[i] = 0.5 * i;
}

__attribute__ ((noinline)) static void
accumulate (double *c, int n)
{
#pragma omp target teams distribute parallel for map(tofrom: c[0:n])
  for (int i = 0; i < n; i++)
    c[i] += 1;
}

// Q is C at run time.
__attribute__ ((noinline)) static void
alias_to (double *c, const double *q, int n)
{
#pragma omp target teams distribute parallel for map(tofrom: c[0:n]) map(to: q[0:n])
  for (int i = 0; i < n; i++)
    c[i] = q[i] * 2;
}

int
main ()
{
  double a[N], c[N], A[2 * N];
  for (int i = 0; i < N; i++)
    a[i] = i, c[i] = -1;
  scale (a, c, N);
  fill_global ();
  rows (A, N, 2);
  std::vector<double> v (N, -3.0);
  fill_vector (v);
  for (int i = 0; i < N; i++)
    if (c[i] != 2 * i || g[i] != i || A[2 * i] != i || A[2 * i + 1] != i - 1
	|| v[i] != 0.5 * i)
      abort ();
  accumulate (c, N);
  alias_to (c, c, N);
  for (int i = 0; i < N; i++)
    if (c[i] != 4 * i + 2)
      abort ();
  return 0;
}

// { dg-final { scan-deepmap-report "cxx-overwrite.C:22:9: deepmap: target: '\\*c' is stored to in full before it is read: not copied in \\(as map\\(from:\\)\\)" } }
// { dg-final { scan-deepmap-report "cxx-overwrite.C:30:9: deepmap: target: 'g' is stored to in full before it is read" } }
// { dg-final { scan-deepmap-report "cxx-overwrite.C:38:9: deepmap: target: '\\*A' is stored to in full before it is read" } }
// { dg-final { scan-deepmap-report "cxx-overwrite.C:49:9: deepmap: target: '\\*p' is stored to in full before it is read" } }
// { dg-final { scan-deepmap-report-not "cxx-overwrite.C:57:" } }
// { dg-final { scan-deepmap-report "cxx-overwrite.C:66:9: deepmap: target: '\\*c' is stored to in full before it is read" } }
