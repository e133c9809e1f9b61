// random-hoist seed 821, program 20 (C++), as the campaign wrote it:
// one function inlined four times into main, so main has four kept
// loops; the first ones' calls may throw (their exits by exception were
// built at the end from pointers into the pass's list of sections,
// which the later loops' rotating arrays had moved: the compiler
// crashed).  The output is the build without the plugin's under the
// same runtime (kernels on a discrete device).
// { dg-options "-fplugin-arg-deepmap-report" }
// { dg-set-target-env-var DEEPMAP_CHECK "1" }
// { dg-output "00000000 00000000 00000000 00006d2c\[\r\n\]+5ec5b70a\[\r\n\]+0fc328d9\[\r\n\]+720d8bc5\[\r\n\]+1b9484c5\[\r\n\]+00000000 00000000 00000000 0000da58\[\r\n\]+7f2e5c8c\[\r\n\]+0fc328d9\[\r\n\]+720d8bc5\[\r\n\]+906e79ec\[\r\n\]+00000000 00000000 00000000 0c3afc08\[\r\n\]+7f2e5c8c\[\r\n\]+4280dcba\[\r\n\]+b6910ec1\[\r\n\]+906e79ec\[\r\n\]+00000000 00000000 00000000 5326ee1c\[\r\n\]+7f2e5c8c\[\r\n\]+5a1b8f3c\[\r\n\]+b6910ec1\[\r\n\]+906e79ec" { target offload_device } }
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "deepmap.h"

struct grid
{
  long n;
  unsigned *a0;
  unsigned *a1;
  unsigned *a2;
  unsigned *a3;
};

__attribute__ ((noipa)) void
opaque_swap (struct grid *g)
{
  unsigned *p = g->a0;
  g->a0 = g->a1;
  g->a1 = p;
}

__attribute__ ((noipa)) void
opaque_touch (unsigned *p, int n)
{
  p[n / 2] ^= 0x55u;
}

__attribute__ ((noipa)) unsigned
opaque_read (const unsigned *p, int n)
{
  return p[n - 1] * 3u;
}

__attribute__ ((always_inline)) static inline void
kern (unsigned *p0, unsigned *p1, unsigned *p2, unsigned *p3, int n, int steps, unsigned *acc)
{
  unsigned *o0_ = p0, *o1_ = p1;
  p0 = (unsigned *) malloc (64 * sizeof (unsigned) * 2);
  p1 = p0 + 64;
  unsigned *b0_ = p0, *b1_ = p1;
  memcpy (p0, o0_, 64 * sizeof (unsigned));
  memcpy (p1, o1_, 64 * sizeof (unsigned));
  for (int t = 0; t < steps; t++)
  {
  #pragma omp target map(tofrom: p1[0:n]) map(to: p0[0:n]) map(tofrom: p2[0:n])
    {
      for (int i = 0; i < 0 + n; i++)
      {
        p1[i] = p0[0 + (i - 0 + 1) % (n)] * 9u + p2[i] * 10u + (unsigned) t + 9u;
        p1[i] += p1[i] >> 3;
      }
    }
  #pragma omp target update to(p1[0:n])
  #pragma omp target map(tofrom: p0[0:n])
    {
      for (int i = 0; i < 0 + n; i++)
      {
        p0[i] = p0[i] * 3u + (unsigned) t + 5u;
      }
    }
    acc[3] += opaque_read (p2, n);
    { unsigned *tmp_ = p0; p0 = p1; p1 = tmp_; }
  }
  memcpy (o0_, p0, 64 * sizeof (unsigned));
  memcpy (o1_, p1, 64 * sizeof (unsigned));
  free (b0_);
}

static unsigned
sum (const unsigned *p, int n)
{
  unsigned h = 2166136261u;
  for (int i = 0; i < n; i++)
    h = (h ^ p[i]) * 16777619u;
  return h;
}

int
main (void)
{
  static unsigned buf[4][64];
  unsigned acc[4] = { 0, 0, 0, 0 };
  for (int b = 0; b < 4; b++)
    for (int i = 0; i < 64; i++)
      buf[b][i] = (unsigned) (b * 1000 + i * 7);
  kern (buf[0] + 0, buf[1] + 0, buf[2] + 0, buf[3] + 0, 48, 4, acc);
  printf ("%08x %08x %08x %08x\n", acc[0], acc[1], acc[2], acc[3]);
  printf ("%08x\n", sum (buf[0], 64));
  printf ("%08x\n", sum (buf[1], 64));
  printf ("%08x\n", sum (buf[2], 64));
  printf ("%08x\n", sum (buf[3], 64));
  kern (buf[3] + 0, buf[0] + 0, buf[2] + 0, buf[1] + 0, 48, 4, acc);
  printf ("%08x %08x %08x %08x\n", acc[0], acc[1], acc[2], acc[3]);
  printf ("%08x\n", sum (buf[0], 64));
  printf ("%08x\n", sum (buf[1], 64));
  printf ("%08x\n", sum (buf[2], 64));
  printf ("%08x\n", sum (buf[3], 64));
  kern (buf[2] + 0, buf[1] + 0, buf[0] + 0, buf[0] + 0, 48, 4, acc);
  printf ("%08x %08x %08x %08x\n", acc[0], acc[1], acc[2], acc[3]);
  printf ("%08x\n", sum (buf[0], 64));
  printf ("%08x\n", sum (buf[1], 64));
  printf ("%08x\n", sum (buf[2], 64));
  printf ("%08x\n", sum (buf[3], 64));
#pragma omp target data map(tofrom: buf[0:1][0:64])
  kern (buf[0] + 0, buf[0] + 47, buf[2] + 0, buf[3] + 0, 48, 4, acc);
  printf ("%08x %08x %08x %08x\n", acc[0], acc[1], acc[2], acc[3]);
  printf ("%08x\n", sum (buf[0], 64));
  printf ("%08x\n", sum (buf[1], 64));
  printf ("%08x\n", sum (buf[2], 64));
  printf ("%08x\n", sum (buf[3], 64));
  return 0;
}
