// random-hoist seed 843, program 5 (C++), as the campaign wrote it: a
// function inlined twice into main, each copy allocating its arrays,
// running three constructs and freeing them.  The run of main's
// constructs took both copies in, the first copy's arrays kept mapped
// through their free; the second copy's malloc got the same address,
// found it present and its results never came back.  Memory the host
// frees between the constructs is not kept across them now.  The output
// is the build without the plugin's under the same runtime.
// { dg-options "-fplugin-arg-deepmap-report" }
// { dg-set-target-env-var DEEPMAP_CHECK "1" }
// { dg-output "00000000 00000000 00000000 00000000\[\r\n\]+a7cde8c5\[\r\n\]+e91ec1a5\[\r\n\]+00000000 00000000 00000000 00000000\[\r\n\]+a7cde8c5\[\r\n\]+1d233a25" { target offload_device } }
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "deepmap.h"

struct grid
{
  long n;
  unsigned *a0;
  unsigned *a1;
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
kern (unsigned *p0, unsigned *p1, int n, int steps, unsigned *acc)
{
  unsigned *o0_ = p0, *o1_ = p1;
  p0 = (unsigned *) malloc (64 * sizeof (unsigned) * 2);
  p1 = p0 + 64;
  unsigned *b0_ = p0, *b1_ = p1;
  memcpy (p0, o0_, 64 * sizeof (unsigned));
  memcpy (p1, o1_, 64 * sizeof (unsigned));
  #pragma omp target map(tofrom: p1[0:n]) map(tofrom: p0[0:n])
    {
      for (int i = 0; i < 0 + n; i++)
      {
        p1[i] = p1[i] * 3u + p0[0 + (i - 0 + 1) % (n)] * 2u + (unsigned) 0 + 2u;
      }
    }
  #pragma omp target teams distribute parallel for map(tofrom: p1[0:n])
      for (int i = 0; i < 0 + n; i++)
      {
        p1[i] = p1[i] * 3u + (unsigned) 0 + 8u;
      }
  #pragma omp target map(tofrom: p1[0:n]) map(tofrom: p0[0:n])
    {
      for (int i = 0; i < 0 + n; i++)
      {
        p1[i] = p1[i] * 3u + p0[0 + (i - 0 + 1) % (n)] * 8u + (unsigned) 0 + 8u;
      }
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
  static unsigned buf[2][64];
  unsigned acc[4] = { 0, 0, 0, 0 };
  for (int b = 0; b < 2; b++)
    for (int i = 0; i < 64; i++)
      buf[b][i] = (unsigned) (b * 1000 + i * 7);
  kern (buf[0] + 0, buf[1] + 0, 48, 1, acc);
  printf ("%08x %08x %08x %08x\n", acc[0], acc[1], acc[2], acc[3]);
  printf ("%08x\n", sum (buf[0], 64));
  printf ("%08x\n", sum (buf[1], 64));
#pragma omp target data map(tofrom: buf[0:1][0:64])
  kern (buf[1] + 0, buf[1] + 0, 48, 1, acc);
  printf ("%08x %08x %08x %08x\n", acc[0], acc[1], acc[2], acc[3]);
  printf ("%08x\n", sum (buf[0], 64));
  printf ("%08x\n", sum (buf[1], 64));
  return 0;
}
