// read-only.c under g++: a tofrom item the region only reads (a pointer
// section in a template, a std::vector's data) is not copied back; one
// the region updates atomically, or writes through a second pointer to
// the same storage (checked at run time), is.  Results are checked
// against the host; hoisting is off.
// { dg-options "-fplugin-arg-deepmap-report -fplugin-arg-deepmap-hoist=off" }
// { dg-set-target-env-var DEEPMAP_STATS "1" }
// Without the plugin: 6 copies back, 3216 bytes; the hits leave out a
// (800) and v's data (800).
// { dg-output "deepmap: device 0 \\((emu|cuda)\\): h2d 7 transfers 4016 bytes, d2h 4 transfers 1616 bytes" { target offload_device } }
#include <cstdlib>
#include <vector>

const int N = 100;

template <typename T>
__attribute__ ((noinline)) static T
total (T *a, int n)
{
  T s = 0;
#pragma omp target teams distribute parallel for map(tofrom: a[0:n]) reduction(+: s)
  for (int i = 0; i < n; i++)
    s += a[i];
  return s;
}

__attribute__ ((noinline)) static double
vmax (std::vector<double> &v)
{
  double *p = v.data ();
  int n = (int) v.size ();
  double m = -1;
#pragma omp target map(tofrom: p[0:n], m)
  for (int i = 0; i < n; i++)
    m = p[i] > m ? p[i] : m;
  return m;
}

__attribute__ ((noinline)) static void
bump (double *a, int n)
{
#pragma omp target teams distribute parallel for map(tofrom: a[0:n])
  for (int i = 0; i < n; i++)
    {
#pragma omp atomic update
      a[i] += 1;
    }
}

__attribute__ ((noinline)) static void
negate (double *a, double *q, int n)
{
#pragma omp target map(tofrom: a[0:n]) map(to: q[0:n])
  for (int i = 0; i < n; i++)
    q[i] = -a[i];
}

int
main ()
{
  double a[N];
  std::vector<double> v (N);
  for (int i = 0; i < N; i++)
    a[i] = i, v[i] = (i * 7) % N;
  if (total (a, N) != N * (N - 1) / 2 || vmax (v) != N - 1)
    abort ();
  bump (a, N);
  negate (a, a, N);
  for (int i = 0; i < N; i++)
    if (a[i] != -(i + 1))
      abort ();
  return 0;
}

// { dg-final { scan-deepmap-report "cxx-read-only.C:21:9: deepmap: target: '\\*a' is only read: not copied back \\(as map\\(to:\\)\\)" } }
// { dg-final { scan-deepmap-report "cxx-read-only.C:33:9: deepmap: target: '\\*p' is only read" } }
// { dg-final { scan-deepmap-report-not "cxx-read-only.C:(42:|33:9: deepmap: target: 'm')" } }
// { dg-final { scan-deepmap-report "cxx-read-only.C:53:9: deepmap: target: '\\*a' is only read" } }
