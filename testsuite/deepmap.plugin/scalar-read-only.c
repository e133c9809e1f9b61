/* A scalar a target region maps tofrom and only reads (Rodinia's
   hotspot maps its iteration count so) is announced read only: not
   copied back.  One the region stores to, reduces into, or whose address
   it takes, and a global one (a device function could store to it), are
   copied back as written.  Results are checked against the host;
   hoisting is off.  */
/* { dg-options "-fplugin-arg-deepmap-report -fplugin-arg-deepmap-hoist=off" } */
/* { dg-set-target-env-var DEEPMAP_STATS "1" } */
/* Every scalar goes in (6 x 4 bytes) and out but the read one (5 x 4),
   with out[] each way (6 x 400).  */
/* { dg-output "deepmap: device 0 \\((emu|cuda)\\): h2d \[0-9\]+ transfers 2424 bytes, d2h \[0-9\]+ transfers 2420 bytes" { target offload_device } } */
#include <stdlib.h>

#define N 100

int g = 3;

#pragma omp declare target
__attribute__ ((noinline)) static void
bump (int *p)
{
  *p += 1;
}
#pragma omp end declare target

int
main (void)
{
  int out[N];
  int n = N, w = 0, r = 0, a = 0, s = 0;
#pragma omp target map(tofrom: n, out[0:N])
  for (int i = 0; i < n; i++)
    out[i] = i;
#pragma omp target map(tofrom: w, out[0:N])
  {
    w = out[N - 1];
    out[0] = 7;
  }
#pragma omp target map(tofrom: r, out[0:N])
#pragma omp parallel for reduction(+: r)
  for (int i = 0; i < N; i++)
    r += out[i];
#pragma omp target map(tofrom: a, out[0:N])
  {
    bump (&a);
    out[1] = a;
  }
#pragma omp target map(tofrom: g, out[0:N])
  out[2] = g;
#pragma omp target map(tofrom: s, out[0:N])
  {
    int *p = &s;
    *p = 5;
    out[3] = s;
  }
  if (n != N || w != N - 1 || a != 1 || s != 5 || g != 3)
    abort ();
  int want = 7;
  for (int i = 1; i < N; i++)
    want += i;
  if (r != want || out[0] != 7 || out[1] != 1 || out[2] != 3 || out[3] != 5)
    abort ();
  return 0;
}

/* { dg-final { scan-deepmap-report "scalar-read-only.c:31:9: deepmap: target: 'n' is only read: not copied back \\(as map\\(to:\\)\\)" } } */
/* { dg-final { scan-deepmap-report-not "deepmap: target: '(w|r|a|g|s)' is only read" } } */
