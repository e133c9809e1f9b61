/* Hoisting with regions that overwrite a kept section: the enter data
   announces it (the runtime's deferred copy in), so it is not copied in
   when the first construct to use it stores to all of it, and is copied
   in first when anything else comes before: a construct that reads it
   (before_read), a host read that gets a target update (host_reads).  A
   loop that runs no step (no_steps) skips its enter data altogether.
   Every result is checked against the host.  */
/* { dg-options "-fplugin-arg-deepmap-report" } */
/* { dg-set-target-env-var DEEPMAP_STATS "1" } */
/* first_use: x in once (800), y never; before_read: u, v in once each;
   host_reads: w in once, before the first update of w[t]; no_steps:
   nothing.  Back: x, y, u, v, w once each, and 5 elements of w.  */
/* { dg-output "deepmap: device 0 \\((emu|cuda)\\): h2d 4 transfers 3200 bytes, d2h 10 transfers 4040 bytes" { target offload_device } } */
#include <stdlib.h>

#define N 100

__attribute__ ((noinline)) static void
first_use (double *x, double *y, int n, int steps)
{
  for (int t = 0; t < steps; t++)
    {
#pragma omp target teams distribute parallel for map(to: x[0:n]) map(tofrom: y[0:n])
      for (int i = 0; i < n; i++)
	y[i] = x[i] + t;
#pragma omp target teams distribute parallel for map(tofrom: x[0:n], y[0:n])
      for (int i = 0; i < n; i++)
	x[i] += y[i];
    }
}

/* The first kernel reads V; the second overwrites it.  */
__attribute__ ((noinline)) static void
before_read (double *u, double *v, int n, int steps)
{
  for (int t = 0; t < steps; t++)
    {
#pragma omp target teams distribute parallel for map(tofrom: u[0:n], v[0:n])
      for (int i = 0; i < n; i++)
	u[i] += v[i];
#pragma omp target teams distribute parallel for map(tofrom: u[0:n], v[0:n])
      for (int i = 0; i < n; i++)
	v[i] = u[i] * 0.5;
    }
}

/* The host reads W before each kernel that overwrites it.  */
__attribute__ ((noinline)) static double
host_reads (double *w, int n, int steps)
{
  double s = 0;
  for (int t = 0; t < steps; t++)
    {
      s += w[t];
#pragma omp target teams distribute parallel for map(tofrom: w[0:n])
      for (int i = 0; i < n; i++)
	w[i] = i * t;
    }
  return s;
}

volatile int zero = 0;

__attribute__ ((noinline)) static void
no_steps (double *z, int n, int steps)
{
  for (int t = 0; t < steps; t++)
    {
#pragma omp target teams distribute parallel for map(tofrom: z[0:n])
      for (int i = 0; i < n; i++)
	z[i] = -1;
#pragma omp target teams distribute parallel for map(tofrom: z[0:n])
      for (int i = 0; i < n; i++)
	z[i] *= 3;
    }
}

static double *
fresh (int seed)
{
  double *a = malloc (N * sizeof *a);
  for (int i = 0; i < N; i++)
    a[i] = (i * 7 + seed) % 11;
  return a;
}

int
main (void)
{
  double *x = fresh (1), *y = fresh (2), *hx = fresh (1), *hy = fresh (2);
  first_use (x, y, N, 4);
  for (int t = 0; t < 4; t++)
    for (int i = 0; i < N; i++)
      hy[i] = hx[i] + t, hx[i] += hy[i];
  double *u = fresh (3), *v = fresh (4), *hu = fresh (3), *hv = fresh (4);
  before_read (u, v, N, 3);
  for (int t = 0; t < 3; t++)
    for (int i = 0; i < N; i++)
      hu[i] += hv[i], hv[i] = hu[i] * 0.5;
  double *w = fresh (5), *hw = fresh (5);
  double s = host_reads (w, N, 5), hs = 0;
  for (int t = 0; t < 5; t++)
    {
      hs += hw[t];
      for (int i = 0; i < N; i++)
	hw[i] = i * t;
    }
  double *z = fresh (6), *hz = fresh (6);
  no_steps (z, N, zero);
  for (int i = 0; i < N; i++)
    if (x[i] != hx[i] || y[i] != hy[i] || u[i] != hu[i] || v[i] != hv[i]
	|| w[i] != hw[i] || z[i] != hz[i])
      abort ();
  if (s != hs)
    abort ();
  return 0;
}

/* { dg-final { scan-deepmap-report "overwrite-hoisted.c:23:9: deepmap: target: '\\*y' is stored to in full before it is read" } } */
/* { dg-final { scan-deepmap-report "overwrite-hoisted.c:23:9: deepmap: hoist: 'y' kept on the device across the loop at overwrite-hoisted.c:21 \\(enter data map\\(to\\), exit data map\\(from\\)\\), not copied in if the first construct to use it stores to all of it" } } */
/* { dg-final { scan-deepmap-report "overwrite-hoisted.c:23:9: deepmap: hoist: 'x' kept on the device across the loop at overwrite-hoisted.c:21 \\(enter data map\\(to\\), exit data map\\(from\\)\\)\n" } } */
