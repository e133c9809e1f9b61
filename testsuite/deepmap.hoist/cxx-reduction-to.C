// reduction-to.c under g++, with std::swap: the reduction kernel maps
// both arrays 'to' and writes neither, so both stay on the device.  The
// swap takes the pointers' addresses: nested bodies get them by
// reference, and the clauses name copies of them (dm-devwrite.c,
// dm-overwrite.c).
// { dg-options "-fplugin-arg-deepmap-report" }
// { dg-set-target-env-var DEEPMAP_STATS "1" }
// A and xold in once (N*N*8 + N*8; the first kernel stores to all of
// xnew), conv in after each host write (5 x 8; not before the loop,
// since the host writes it before the kernel that uses it);
// xold, xnew and conv back once (the host reads conv after the loop).
// writes_to: a in at both kernels of each of 3 steps, out at the second;
// b in and out once per step (kept from one kernel to the next).
// { dg-output "deepmap: device 0 \\((emu|cuda)\\): h2d 15 transfers 7032 bytes, d2h 9 transfers 1608 bytes" { target offload_device } }
#include <cmath>
#include <cstdlib>
#include <utility>
#include <vector>

const int N = 25;

__attribute__ ((noinline)) static double
solve (int n, const double *A, double *xold, double *xnew, int steps)
{
  double conv = 0;
  for (int it = 0; it < steps; it++)
    {
#pragma omp target map(tofrom: xnew[0:n], xold[0:n]) map(to: A[0:n*n])
#pragma omp teams distribute parallel for
      for (int i = 0; i < n; i++)
	{
	  double s = 1;
	  for (int j = 0; j < n; j++)
	    if (i != j)
	      s -= A[i * n + j] * xold[j];
	  xnew[i] = s / A[i * n + i];
	}
      conv = 0.0;
#pragma omp target map(to: xnew[0:n], xold[0:n]) map(tofrom: conv)
#pragma omp teams distribute parallel for reduction(+: conv)
      for (int i = 0; i < n; i++)
	conv += std::fabs (xnew[i] - xold[i]);
      std::swap (xold, xnew);
    }
  return conv;
}

// The first kernel writes its 'to' array through the pointer shared by
// reference: OpenMP discards that write, so the array must not stay on
// the device.
__attribute__ ((noinline)) static void
writes_to (double *a, double *b, int n, int steps)
{
  for (int t = 0; t < steps; t++)
    {
#pragma omp target teams distribute parallel for map(to: a[0:n]) map(tofrom: b[0:n])
      for (int i = 0; i < n; i++)
	{
	  a[i] += 1;
	  b[i] += a[i];
	}
#pragma omp target teams distribute parallel for map(tofrom: a[0:n], b[0:n])
      for (int i = 0; i < n; i++)
	b[i] += a[i];
      std::swap (a, b);
    }
}

int
main ()
{
  std::vector<double> A (N * N), x0 (N, 0.0), x1 (N, 0.0), h0 (x0), h1 (x1);
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      A[i * N + j] = i == j ? 4 * N : (i * j) % 5;
  double c = solve (N, A.data (), x0.data (), x1.data (), 4);
  double *hold = h0.data (), *hnew = h1.data (), hc = 0;
  for (int it = 0; it < 4; it++)
    {
      for (int i = 0; i < N; i++)
	{
	  double s = 1;
	  for (int j = 0; j < N; j++)
	    if (i != j)
	      s -= A[i * N + j] * hold[j];
	  hnew[i] = s / A[i * N + i];
	}
      hc = 0;
      for (int i = 0; i < N; i++)
	hc += std::fabs (hnew[i] - hold[i]);
      std::swap (hold, hnew);
    }
  for (int i = 0; i < N; i++)
    if (std::fabs (x0[i] - h0[i]) > 1e-12 || std::fabs (x1[i] - h1[i]) > 1e-12)
      abort ();
  if (std::fabs (c - hc) > 1e-9 * (1 + hc))
    abort ();
  std::vector<double> a (N), b (N), ha (N), hb (N);
  for (int i = 0; i < N; i++)
    a[i] = ha[i] = i, b[i] = hb[i] = 2 * i;
  writes_to (a.data (), b.data (), N, 3);
  double *pa = ha.data (), *pb = hb.data ();
  for (int t = 0; t < 3; t++)
    {
      for (int i = 0; i < N; i++)
	pb[i] += pa[i] + 1;	// the device's a[i] + 1 is discarded
      for (int i = 0; i < N; i++)
	pb[i] += pa[i];
      std::swap (pa, pb);
    }
  if (a != ha || b != hb)
    abort ();
  return 0;
}

// { dg-final { scan-deepmap-report "cxx-reduction-to.C:28:9: deepmap: hoist: 'xold' kept on the device across the loop at cxx-reduction-to.C:26" } }
// { dg-final { scan-deepmap-report "cxx-reduction-to.C:39:9: deepmap: hoist: 'xnew' kept on the device across the loop at cxx-reduction-to.C:26" } }
// { dg-final { scan-deepmap-report "cxx-reduction-to.C:56:9: deepmap: hoist: missed: 'a' not kept on the device across the loop at cxx-reduction-to.C:54 because a construct maps it without 'from' and its device code may write it" } }
