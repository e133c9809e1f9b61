/* A target region that stores to every byte of an item before it reads
   any (plugin/dm-overwrite.c) gets the item announced as overwritten,
   and the runtime maps it as map(from:): it is not copied in.  Hits:
   a pointer section under a combined construct, a global array under a
   plain counted loop, a 2-D array under collapse(2), rows of a pointer
   section under an inner counted loop.  Misses, each with a reason: a
   read of the item, stores that leave a gap, a conditional store, a
   break out of the loop (before or after the store), the item passed
   to a function, an atomic read before the store.  Two hits the runtime refuses, because another item
   of the construct reaches the same bytes (a second pointer, mapped
   to, or as a zero-length section): there the item is copied in as
   written.  Every result is checked against the host.  Hoisting is
   off: every construct maps its own data.  */
/* { dg-options "-fplugin-arg-deepmap-report -fplugin-arg-deepmap-hoist=off" } */
/* { dg-set-target-env-var DEEPMAP_STATS "1" } */
/* Built without the plugin the program copies in 20 times, 22400
   bytes; the four hits leave out c of out_ptr (800), g (800), m2 (800)
   and A (4000).  Copies back are unchanged.  */
/* { dg-output "deepmap: device 0 \\((emu|cuda)\\): h2d 16 transfers 16000 bytes, d2h 13 transfers 13600 bytes" { target offload_device } } */
#include <stdlib.h>

#define N 100
#define R 10
#define C 10

double g[N];
double m2[R][C];

#pragma omp declare target
__attribute__ ((noinline)) static void
set_one (double *p, double v)
{
  *p = v;
}
#pragma omp end declare target

__attribute__ ((noinline)) static void
out_ptr (const double *a, double *c, int n)
{
#pragma omp target teams distribute parallel for map(to: a[0:n]) map(tofrom: c[0:n])
  for (int i = 0; i < n; i++)
    c[i] = 2 * a[i];
}

__attribute__ ((noinline)) static void
out_global (void)
{
#pragma omp target
  for (int i = 0; i < N; i++)
    g[i] = i;
}

__attribute__ ((noinline)) static void
out_2d (void)
{
#pragma omp target teams distribute parallel for collapse(2)
  for (int i = 0; i < R; i++)
    for (int j = 0; j < C; j++)
      m2[i][j] = i * C + j;
}

__attribute__ ((noinline)) static void
out_rows (double *A, const double *B, int n, int m)
{
#pragma omp target teams distribute parallel for map(tofrom: A[0:n*m]) map(to: B[0:n*m])
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      A[i * m + j] = B[i * m + j] + 1;
}

__attribute__ ((noinline)) static void
reads (const double *a, double *c, int n)
{
#pragma omp target teams distribute parallel for map(to: a[0:n]) map(tofrom: c[0:n])
  for (int i = 0; i < n; i++)
    c[i] = c[i] + a[i];
}

__attribute__ ((noinline)) static void
gap (double *c, int n)
{
#pragma omp target teams distribute parallel for map(tofrom: c[0:n])
  for (int i = 1; i < n; i++)
    c[i] = i;
}

__attribute__ ((noinline)) static void
cond (const double *a, double *c, int n)
{
#pragma omp target teams distribute parallel for map(to: a[0:n]) map(tofrom: c[0:n])
  for (int i = 0; i < n; i++)
    if (a[i] > 50)
      c[i] = 0;
}

__attribute__ ((noinline)) static void
early (const double *a, double *c, int n)
{
#pragma omp target map(to: a[0:n]) map(tofrom: c[0:n])
  for (int i = 0; i < n; i++)
    {
      if (a[i] > 50)
	break;
      c[i] = -1;
    }
}

__attribute__ ((noinline)) static void
passed (double *c, int n)
{
#pragma omp target teams distribute parallel for map(tofrom: c[0:n])
  for (int i = 0; i < n; i++)
    set_one (&c[i], 7);
}

/* Q is C at run time: the region reads what C's copy in would bring.  */
__attribute__ ((noinline)) static void
alias_to (double *c, const double *q, int n)
{
#pragma omp target teams distribute parallel for map(tofrom: c[0:n]) map(to: q[0:n])
  for (int i = 0; i < n; i++)
    c[i] = q[i] + 1;
}

/* Q points into C, mapped as a zero-length section (after C, so that
   it finds C present).  */
__attribute__ ((noinline)) static void
alias_zero (double *c, int n)
{
  double *q = c;
#pragma omp target teams distribute parallel for map(tofrom: c[0:n]) map(to: q[0:0])
  for (int i = 0; i < n; i++)
    c[i] = q[i] * 3;
}

/* A store before a break: the loop may end early.  */
__attribute__ ((noinline)) static void
store_then_break (const double *a, double *c, int n)
{
#pragma omp target map(to: a[0:n]) map(tofrom: c[0:n])
  for (int i = 0; i < n; i++)
    {
      double t = a[i];
      c[i] = -2;
      if (t > 50)
	break;
    }
}

/* An atomic read of the item before the store.  */
__attribute__ ((noinline)) static void
atomic_read_first (double *c, int n)
{
#pragma omp target teams distribute parallel for map(tofrom: c[0:n])
  for (int i = 0; i < n; i++)
    {
      double t;
#pragma omp atomic read
      t = c[i];
      c[i] = t + 1;
    }
}

int
main (void)
{
  double a[N], c[N], A[N * 5], B[N * 5];
  for (int i = 0; i < N; i++)
    a[i] = i, c[i] = -5;
  out_ptr (a, c, N);
  for (int i = 0; i < N; i++)
    if (c[i] != 2 * i)
      abort ();
  out_global ();
  out_2d ();
  for (int i = 0; i < N; i++)
    if (g[i] != i || m2[i / C][i % C] != i)
      abort ();
  for (int i = 0; i < N * 5; i++)
    A[i] = -1, B[i] = i;
  out_rows (A, B, N, 5);
  for (int i = 0; i < N * 5; i++)
    if (A[i] != i + 1)
      abort ();
  reads (a, c, N);		/* c = 3i */
  gap (c, N);			/* c[0] = 0 kept, c[i] = i */
  cond (a, c, N);		/* c[i] = 0 for i > 50 */
  early (a, c, N);		/* c[i] = -1 for i <= 50 */
  for (int i = 0; i < N; i++)
    if (c[i] != (i <= 50 ? -1 : 0))
      abort ();
  passed (c, N);
  for (int i = 0; i < N; i++)
    if (c[i] != 7)
      abort ();
  alias_to (c, c, N);		/* 8 */
  alias_zero (c, N);		/* 24 */
  for (int i = 0; i < N; i++)
    if (c[i] != 24)
      abort ();
  store_then_break (a, c, N);
  for (int i = 0; i < N; i++)
    if (c[i] != (i <= 51 ? -2 : 24))
      abort ();
  atomic_read_first (c, N);
  for (int i = 0; i < N; i++)
    if (c[i] != (i <= 51 ? -1 : 25))
      abort ();
  return 0;
}

/* { dg-final { scan-deepmap-report "overwrite.c:40:9: deepmap: target: '\\*c' is stored to in full before it is read: not copied in \\(as map\\(from:\\)\\)" } } */
/* { dg-final { scan-deepmap-report "overwrite.c:48:9: deepmap: target: 'g' is stored to in full before it is read" } } */
/* { dg-final { scan-deepmap-report "overwrite.c:56:9: deepmap: target: 'm2' is stored to in full before it is read" } } */
/* { dg-final { scan-deepmap-report "overwrite.c:65:9: deepmap: target: '\\*A' is stored to in full before it is read" } } */
/* { dg-final { scan-deepmap-report-not "overwrite.c:(65:9: deepmap: target: '\\*B'|74:|82:|90:|99:|111:|140:|154:)" } } */
/* { dg-final { scan-deepmap-report "overwrite.c:120:9: deepmap: target: '\\*c' is stored to in full before it is read" } } */
/* { dg-final { scan-deepmap-report "overwrite.c:131:9: deepmap: target: '\\*c' is stored to in full before it is read" } } */
