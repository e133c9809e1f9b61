/* A target region that never stores to a tofrom item (plugin/
   dm-overwrite.c, dm_region_reads_only) gets it announced as read
   only, and the runtime maps it as map(to:): it is not copied back.
   Hits: a global array mapped implicitly, a pointer section, rows read
   under an inner loop.  Misses: a store through the item, the item
   passed to a function, an atomic update of an element.  A hit the
   runtime refuses: the region writes the item's bytes through a second
   pointer mapped to the same storage, so the item is copied back as
   written.  Every result is checked against the host; hoisting is off.  */
/* { dg-options "-fplugin-arg-deepmap-report -fplugin-arg-deepmap-hoist=off" } */
/* { dg-set-target-env-var DEEPMAP_STATS "1" } */
/* Built without the plugin the program copies in 11 times, 11208
   bytes, and back 10 times, 10408 bytes.  The read-only hits leave out
   copies back of g (800), a (800) and M (4000); the overwrite analysis
   copies in of c (800, twice) and r (800).  */
/* { dg-output "deepmap: device 0 \\((emu|cuda)\\): h2d 8 transfers 8808 bytes, d2h 7 transfers 4808 bytes" { target offload_device } } */
#include <stdlib.h>

#define N 100

double g[N];

#pragma omp declare target
__attribute__ ((noinline)) static double
peek (const double *p)
{
  return *p;
}
#pragma omp end declare target

__attribute__ ((noinline)) static double
sum_global (void)
{
  double s = 0;
#pragma omp target map(tofrom: s)
  for (int i = 0; i < N; i++)
    s += g[i];
  return s;
}

__attribute__ ((noinline)) static void
scale (double *a, double *c, int n)
{
#pragma omp target teams distribute parallel for map(tofrom: a[0:n], c[0:n])
  for (int i = 0; i < n; i++)
    c[i] = 2 * a[i];
}

__attribute__ ((noinline)) static void
row_sums (double *M, double *r, int n, int m)
{
#pragma omp target teams distribute parallel for map(tofrom: M[0:n*m], r[0:n])
  for (int i = 0; i < n; i++)
    {
      double s = 0;
      for (int j = 0; j < m; j++)
	s += M[i * m + j];
      r[i] = s;
    }
}

__attribute__ ((noinline)) static void
via_call (double *a, double *c, int n)
{
#pragma omp target teams distribute parallel for map(tofrom: a[0:n], c[0:n])
  for (int i = 0; i < n; i++)
    c[i] = peek (&a[i]);
}

__attribute__ ((noinline)) static void
atomic_bump (double *a, int n)
{
#pragma omp target teams distribute parallel for map(tofrom: a[0:n])
  for (int i = 0; i < n; i++)
    {
#pragma omp atomic update
      a[i] += 1;
    }
}

/* Q is A at run time: the region writes A through it.  */
__attribute__ ((noinline)) static void
write_through_q (double *a, double *q, int n)
{
#pragma omp target map(tofrom: a[0:n]) map(to: q[0:n])
  for (int i = 0; i < n; i++)
    q[i] = -a[i];
}

int
main (void)
{
  double a[N], c[N], M[N * 5], r[N];
  for (int i = 0; i < N; i++)
    g[i] = i, a[i] = i;
  if (sum_global () != N * (N - 1) / 2)
    abort ();
  scale (a, c, N);
  for (int i = 0; i < N * 5; i++)
    M[i] = i % 5;
  row_sums (M, r, N, 5);
  for (int i = 0; i < N; i++)
    if (c[i] != 2 * i || r[i] != 10)
      abort ();
  via_call (a, c, N);
  atomic_bump (a, N);
  for (int i = 0; i < N; i++)
    if (c[i] != i || a[i] != i + 1)
      abort ();
  write_through_q (a, a, N);
  for (int i = 0; i < N; i++)
    if (a[i] != -(i + 1))
      abort ();
  return 0;
}

/* { dg-final { scan-deepmap-report "read-only.c:35:9: deepmap: target: 'g' is only read: not copied back \\(as map\\(to:\\)\\)" } } */
/* { dg-final { scan-deepmap-report "read-only.c:44:9: deepmap: target: '\\*a' is only read" } } */
/* { dg-final { scan-deepmap-report "read-only.c:52:9: deepmap: target: '\\*M' is only read" } } */
/* { dg-final { scan-deepmap-report-not "read-only.c:(35:9: deepmap: target: 's'|44:9: deepmap: target: '\\*c' is only|65:9: deepmap: target: '\\*a'|73:)" } } */
/* { dg-final { scan-deepmap-report "read-only.c:85:9: deepmap: target: '\\*a' is only read" } } */
