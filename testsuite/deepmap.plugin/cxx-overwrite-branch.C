// The C test overwrite-branch.c under g++: where every arm of an if
// stores to the same element, the region overwrites the item (a
// template's border set apart from the interior, arms with locals of a
// class type, a std::vector's data under ?: and if); where one arm
// stores nothing (class-type locals in both) or the arms store to
// different elements, the copy in stays.  Device memory is poisoned, so a wrong overwrite would
// change a result, checked against the host.
// { dg-options "-fplugin-arg-deepmap-report -fplugin-arg-deepmap-hoist=off" }
// { dg-set-target-env-var DEEPMAP_STATS "1" }
// { dg-final { scan-deepmap-report "cxx-overwrite-branch.C:29:9: deepmap: target: '\\*c' is stored to in full before it is read" } }
// { dg-final { scan-deepmap-report "cxx-overwrite-branch.C:40:9: deepmap: target: '\\*c' is stored to in full before it is read" } }
// { dg-final { scan-deepmap-report "cxx-overwrite-branch.C:56:9: deepmap: target: '\\*p' is stored to in full before it is read" } }
// { dg-final { scan-deepmap-report-not "cxx-overwrite-branch.C:6\[0-9\]:9: deepmap: target: '\\*c' is stored to in full" } }
// { dg-final { scan-deepmap-report-not "cxx-overwrite-branch.C:8\[0-9\]:9: deepmap: target: '\\*p' is stored to in full" } }
// Without the plugin: 10 copies in, 8000 bytes; the hits leave out c
// twice and the vector's data (2400).
// { dg-output "deepmap: device 0 \\((emu|cuda)\\): h2d 7 transfers 5600 bytes, d2h 5 transfers 4000 bytes" { target offload_device } }
#include <cstdlib>
#include <vector>

const int N = 100;

struct pair2 { double lo, hi; };

template <typename T>
__attribute__ ((noinline)) static void
border (const T *a, T *c, int n)
{
#pragma omp target teams distribute parallel for map(to: a[0:n]) map(tofrom: c[0:n])
  for (int i = 0; i < n; i++)
    if (i == 0 || i == n - 1)
      c[i] = a[i];
    else
      c[i] = (a[i - 1] + a[i + 1]) / 2;
}

__attribute__ ((noinline)) static void
locals (const double *a, double *c, int n)
{
#pragma omp target teams distribute parallel for map(to: a[0:n]) map(tofrom: c[0:n])
  for (int i = 0; i < n; i++)
    if (a[i] > 50)
      {
	pair2 p = { a[i], 2 * a[i] };
	c[i] = p.hi;
      }
    else
      c[i] = -a[i];
}

__attribute__ ((noinline)) static void
vec (const double *a, std::vector<double> &v)
{
  double *p = v.data ();
  int n = v.size ();
#pragma omp target teams distribute parallel for map(to: a[0:n]) map(tofrom: p[0:n])
  for (int i = 0; i < n; i++)
    if (i % 2)
      p[i] = a[i] > 30 ? 1.0 : 2.0;
    else
      p[i] = 3;
}

// A class-type local in each arm; one arm stores nothing.
__attribute__ ((noinline)) static void
one_arm_locals (const double *a, double *c, int n)
{
#pragma omp target teams distribute parallel for map(to: a[0:n]) map(tofrom: c[0:n])
  for (int i = 0; i < n; i++)
    if (a[i] <= 90)
      {
	pair2 q = { a[i], 0 };
	(void) q;
      }
    else
      {
	pair2 p = { a[i], 9 };
	c[i] = p.hi;
      }
}

// Arms that store to different elements of a std::vector's data.
__attribute__ ((noinline)) static void
vec_elsewhere (const double *a, std::vector<double> &v)
{
  double *p = v.data ();
  int n = v.size ();
#pragma omp target map(to: a[0:n]) map(tofrom: p[0:n])
  for (int i = 0; i < n; i++)
    if (a[i] < 40)
      p[i] = 4;
    else
      p[n - 1 - i] = 5;
}

static void
check (const double *c, const double *want, int n)
{
  for (int i = 0; i < n; i++)
    if (c[i] != want[i])
      abort ();
}

int
main ()
{
  double a[N], c[N], want[N];
  for (int i = 0; i < N; i++)
    a[i] = i, c[i] = -5;

  border (a, c, N);
  for (int i = 0; i < N; i++)
    want[i] = i == 0 || i == N - 1 ? a[i] : (a[i - 1] + a[i + 1]) / 2;
  check (c, want, N);

  locals (a, c, N);
  for (int i = 0; i < N; i++)
    want[i] = a[i] > 50 ? 2 * a[i] : -a[i];
  check (c, want, N);

  std::vector<double> v (N, -1.0);
  vec (a, v);
  for (int i = 0; i < N; i++)
    want[i] = i % 2 ? (a[i] > 30 ? 1.0 : 2.0) : 3;
  check (v.data (), want, N);

  for (int i = 0; i < N; i++)
    c[i] = -5;
  one_arm_locals (a, c, N);
  for (int i = 0; i < N; i++)
    want[i] = a[i] > 90 ? 9 : -5;
  check (c, want, N);

  std::vector<double> w (N, -1.0);
  vec_elsewhere (a, w);
  for (int i = 0; i < N; i++)
    want[i] = -1;
  for (int i = 0; i < N; i++)
    if (a[i] < 40)
      want[i] = 4;
    else
      want[N - 1 - i] = 5;
  check (w.data (), want, N);
  return 0;
}
