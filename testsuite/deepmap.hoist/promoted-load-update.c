/* random-hoist seed 1074, program 16, as the campaign wrote it: the
   function inlined four times into main, each copy's loop keeping the
   structure's arrays.  A later loop's promotion of a pointer loaded in
   it to the value stored before it removed the load, which an earlier
   region had listed as a host read to precede with a target update:
   the update was then placed at a statement no longer in the function
   (a crash in dm_emit_update).  A removed load reads nothing now.  The
   output is the build without the plugin's under the same runtime.  */
/* { dg-options "-w" } */
/* { dg-set-target-env-var DEEPMAP_CHECK "1" } */
/* { dg-output "00000000 00000000 00000000 00000000\[\r\n\]+a7cde8c5\[\r\n\]+34457e80\[\r\n\]+ab4e84df\[\r\n\]+00000000 00000000 00000000 00000000\[\r\n\]+a7cde8c5\[\r\n\]+c967cdda\[\r\n\]+86bacb30\[\r\n\]+00000000 00000000 00000000 00000000\[\r\n\]+c5aa70f7\[\r\n\]+46b08e34\[\r\n\]+86bacb30\[\r\n\]+00000000 00000000 00000000 00000000\[\r\n\]+f058f48f\[\r\n\]+88b625b6\[\r\n\]+9c7d9e96" { target offload_device } } */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "deepmap.h"

struct grid
{
  long n;
  unsigned *a0 deepmap_counted_by (n);
  unsigned *a1 deepmap_counted_by (n);
  unsigned *a2 deepmap_counted_by (n);
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
kern (struct grid *g, int n, int steps, unsigned *acc)
{
  unsigned *s_ = (unsigned *) malloc (48 * sizeof (unsigned));
  for (int i = 0; i < 48; i++)
    s_[i] = 3u * (unsigned) i + 1u;
  for (int t = 0; t < steps; t++)
  {
  for (int u = 0; u < 2; u++)
  {
  #pragma omp target map(tofrom: g->a2[0:n]) map(tofrom: s_[0:n])
    {
      for (int i = 46; i < 47; i++)
        g->a2[i] = g->a2[i] * 3u + s_[i];
    }
  #pragma omp target map(tofrom: s_[0:n])
    {
      for (int i = 0; i < 48; i++)
        if ((i < 26 || i >= 30) && i != 4)
          s_[i] = (unsigned) (t + u) * 5u + 1u;
    }
  #pragma omp target map(tofrom: s_[0:n]) map(to: g->a2[0:n])
    {
      for (int i = 26; i < 30; i++)
        s_[i] = g->a2[i] * 1u + (unsigned) (t + u) + 1u;
    }
  #ifdef __DEEPMAP_PLUGIN__
  #pragma omp target map(tofrom: g[0:1])
  #else
  #pragma omp target map(tofrom: g->a0[0:n]) map(tofrom: g->a1[0:n]) map(tofrom: g->a2[0:n])
  #endif
    {
      for (int i = 0; i < 0 + 24; i++)
      {
        g->a1[i] = g->a0[i] * 7u + (unsigned) (t + u) + 7u;
        g->a1[i] += g->a1[i] >> 3;
      }
    }
  #ifdef __DEEPMAP_PLUGIN__
  #pragma omp target map(tofrom: g[0:1])
  #else
  #pragma omp target map(tofrom: g->a0[0:n]) map(tofrom: g->a1[0:n]) map(tofrom: g->a2[0:n])
  #endif
    {
      for (int i = 0; i < 0 + 24; i++)
      {
        g->a1[i] = g->a1[i] * 3u + (unsigned) (t + u) + 8u;
      }
    }
  }
  }
  free (s_);
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
  static unsigned buf[3][64];
  unsigned acc[4] = { 0, 0, 0, 0 };
  for (int b = 0; b < 3; b++)
    for (int i = 0; i < 64; i++)
      buf[b][i] = (unsigned) (b * 1000 + i * 7);
  {
    struct grid gs = { 48, buf[0] + 0, buf[1] + 0, buf[2] + 0 };
    kern (&gs, 48, 2, acc);
  }
  printf ("%08x %08x %08x %08x\n", acc[0], acc[1], acc[2], acc[3]);
  printf ("%08x\n", sum (buf[0], 64));
  printf ("%08x\n", sum (buf[1], 64));
  printf ("%08x\n", sum (buf[2], 64));
  {
    struct grid gs = { 48, buf[2] + 0, buf[2] + 0, buf[1] + 0 };
    kern (&gs, 48, 2, acc);
  }
  printf ("%08x %08x %08x %08x\n", acc[0], acc[1], acc[2], acc[3]);
  printf ("%08x\n", sum (buf[0], 64));
  printf ("%08x\n", sum (buf[1], 64));
  printf ("%08x\n", sum (buf[2], 64));
  {
    struct grid gs = { 48, buf[2] + 0, buf[0] + 0, buf[1] + 0 };
    kern (&gs, 48, 2, acc);
  }
  printf ("%08x %08x %08x %08x\n", acc[0], acc[1], acc[2], acc[3]);
  printf ("%08x\n", sum (buf[0], 64));
  printf ("%08x\n", sum (buf[1], 64));
  printf ("%08x\n", sum (buf[2], 64));
  {
    struct grid gs = { 48, buf[0] + 0, buf[0] + 47, buf[2] + 0 };
#pragma omp target data map(tofrom: buf[0:1][0:64])
    kern (&gs, 48, 2, acc);
  }
  printf ("%08x %08x %08x %08x\n", acc[0], acc[1], acc[2], acc[3]);
  printf ("%08x\n", sum (buf[0], 64));
  printf ("%08x\n", sum (buf[1], 64));
  printf ("%08x\n", sum (buf[2], 64));
  return 0;
}
