/* random-hoist seed 1213, program 15 (with and without -flto), as the
   campaign wrote it: its constructs have if clauses, so the sites pass
   cannot make their announcements of the deep item g static, and they
   announce it at run time (deepmap_annotate).  Hoisting saw g as plain
   bytes and kept it across the run of constructs, which the runtime's
   deep mapping of a resident plain copy did not follow.  An item whose
   type may hold pointers, in a function that announces deep items at
   run time (or in lto1 without a site), is not kept now.  The output is
   the build without the plugin's under the same runtime.  */
/* { dg-options "-w" } */
/* { dg-set-target-env-var DEEPMAP_CHECK "1" } */
/* { dg-output "00000000 00000000 0000db78 00000000\[\r\n\]+458c54dc\[\r\n\]+32e13a38\[\r\n\]+00000000 00000000 0001b725 00000000\[\r\n\]+458c54dc\[\r\n\]+73b55e11\[\r\n\]+00000000 00000000 000c5681 00000000\[\r\n\]+f61f0dd1\[\r\n\]+e145aba4\[\r\n\]+00000000 00000004 004364c0 00000000\[\r\n\]+7967558e\[\r\n\]+e145aba4" { target offload_device } } */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "deepmap.h"

struct grid
{
  long n;
  unsigned *a0 deepmap_counted_by (n);
  unsigned *a1 deepmap_counted_by (n);
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

#pragma omp declare target
__attribute__ ((noinline)) static void
dev_set (unsigned *p, int i, unsigned v)
{
  p[i] = v;
}

__attribute__ ((noinline)) static void
dev_upd (unsigned *p, int i, unsigned v)
{
  p[i] = p[i] * 3u + v;
}

__attribute__ ((noinline)) static unsigned
dev_get (const unsigned *p, int i)
{
  return p[i];
}
#pragma omp end declare target

__attribute__ ((noinline)) static void
kern (struct grid *g, int n, int steps, unsigned *acc)
{
  for (int t = 0; t < steps; t++)
  {
  #ifdef __DEEPMAP_PLUGIN__
  #pragma omp target if(target: t % 2 == 0) map(tofrom: g[0:1]) map(tofrom: acc[0:4])
  #else
  #pragma omp target if(target: t % 2 == 0) map(tofrom: g->a0[0:n]) map(tofrom: g->a1[0:n]) map(tofrom: acc[0:4])
  #endif
    {
      for (int i = 0; i < 0 + n; i++)
      {
        acc[2] += dev_get (g->a1, i) + (unsigned) t + 6u;
      }
    }
  #ifdef __DEEPMAP_PLUGIN__
  #pragma omp target if(target: t != 1) map(tofrom: g[0:1])
  #else
  #pragma omp target if(target: t != 1) map(tofrom: g->a0[0:n]) map(tofrom: g->a1[0:n])
  #endif
    {
      for (int i = n / 2; i < n / 2 + n / 2; i++)
      {
        dev_upd (g->a0, i, (unsigned) t + 2u);
      }
    }
    opaque_touch (g->a1, n);
  #ifdef __DEEPMAP_PLUGIN__
  #pragma omp target if(target: n > 24) map(tofrom: g[0:1])
  #else
  #pragma omp target if(target: n > 24) map(tofrom: g->a0[0:n]) map(tofrom: g->a1[0:n])
  #endif
    {
      for (int i = 0; i < 0 + n; i++)
      {
        dev_upd (g->a0, i, g->a1[i] * 3u + (unsigned) t + 3u);
      }
    }
    if (t % 3 == 0)
      for (int j = 0; j < n; j++)
        if (g->a0[j] % 5u == 3u)
          {
            acc[1] += (unsigned) j;
            break;
          }
  #pragma omp target update from(g->a1[0:n])
  }
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
  {
    struct grid gs = { 48, buf[0] + 0, buf[1] + 0 };
    kern (&gs, 48, 1, acc);
  }
  printf ("%08x %08x %08x %08x\n", acc[0], acc[1], acc[2], acc[3]);
  printf ("%08x\n", sum (buf[0], 64));
  printf ("%08x\n", sum (buf[1], 64));
  {
    struct grid gs = { 48, buf[1] + 0, buf[1] + 0 };
    kern (&gs, 48, 1, acc);
  }
  printf ("%08x %08x %08x %08x\n", acc[0], acc[1], acc[2], acc[3]);
  printf ("%08x\n", sum (buf[0], 64));
  printf ("%08x\n", sum (buf[1], 64));
  {
    struct grid gs = { 48, buf[0] + 0, buf[1] + 0 };
#pragma omp target data map(tofrom: buf[0:1][0:64])
    kern (&gs, 48, 1, acc);
  }
  printf ("%08x %08x %08x %08x\n", acc[0], acc[1], acc[2], acc[3]);
  printf ("%08x\n", sum (buf[0], 64));
  printf ("%08x\n", sum (buf[1], 64));
  {
    struct grid gs = { 48, buf[0] + 0, buf[0] + 1 };
    kern (&gs, 48, 1, acc);
  }
  printf ("%08x %08x %08x %08x\n", acc[0], acc[1], acc[2], acc[3]);
  printf ("%08x\n", sum (buf[0], 64));
  printf ("%08x\n", sum (buf[1], 64));
  return 0;
}
