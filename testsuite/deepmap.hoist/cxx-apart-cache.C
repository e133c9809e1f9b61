// random-hoist.py seed 1430, program 23, compiled as C++: the hoisting
// pass crashed (a segmentation fault in dm_local_apart_p) once it moved
// on from one function to the next, freeing bitmaps of the answers for
// the last function that lived on GCC's default bitmap obstack, which
// GCC releases between functions.  The answers now have an obstack of
// their own.  The program's output is the one without the plugin on a
// discrete device (the emulated one: its host accesses between the
// constructs see the host's copy, as on a GPU).
// { dg-options "-w" }
// { dg-output "00000000 00000000 00065a00 0244b1e2\r?\na7cde8c5\r?\n26ca3741\r?\n445b30e7\r?\n00000000 00000000 078857c0 04643370\r?\n22f1d631\r?\ndc2c9f77\r?\n445b30e7" { target offload_device } }
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
kern (unsigned *p0, unsigned *p1, unsigned *p2, int n, int steps, unsigned *acc)
{
  unsigned *s_ = (unsigned *) malloc (48 * sizeof (unsigned));
  for (int i = 0; i < 48; i++)
    s_[i] = 3u * (unsigned) i + 1u;
  for (int t = 0; t < steps; t++)
  {
  for (int u = 0; u < 2; u++)
  {
    p1[4] = p1[4] + (unsigned) (t + u);
  #pragma omp target teams distribute parallel for map(tofrom: s_[0:n])
      for (int i = 0; i < 48; i++)
        if (i < 43 || i >= 45)
          s_[i] = (unsigned) (t + u) * 5u + 2u;
  #pragma omp target teams distribute parallel for map(tofrom: s_[0:n]) map(to: p2[0:n])
      for (int i = 43; i < 44; i++)
        s_[i] = p2[i] * 2u + (unsigned) (t + u) + 2u;
  #pragma omp target teams distribute parallel for map(tofrom: p1[0:n]) map(tofrom: s_[0:n])
      for (int i = 27; i < 30; i++)
        p1[i] = p1[i] * 3u + s_[i];
  #pragma omp target if(target: (t + u) != 1) map(tofrom: p1[0:48]) map(tofrom: p0[0:48]) map(tofrom: acc[0:4])
    {
      for (int i = 0; i < 0 + 48; i++)
      {
        acc[3] += p1[i] + p0[i] * 5u + (unsigned) (t + u) + 5u;
      }
    }
  #pragma omp target nowait map(tofrom: p1[0:24]) map(tofrom: p2[0:24]) map(tofrom: acc[0:4])
    {
      for (int i = 0; i < 0 + 24; i++)
      {
        acc[3] += p1[i] + p2[i] * 2u + (unsigned) (t + u) + 2u;
      }
    }
  #pragma omp taskwait
    opaque_touch (p0, n);
  #pragma omp target nowait map(to: p2[0:48]) map(tofrom: p1[0:48])
    {
      for (int i = 0; i < 0 + 48; i++)
      {
        p2[i] = p1[0 + (i - 0 + 1) % (48)] * 4u + (unsigned) (t + u) + 4u;
        p2[i] += p2[i] >> 3;
      }
    }
  #pragma omp taskwait
    for (int j = 1; j < n; j += 2)
      acc[2] += p2[j];
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
#pragma omp target data map(tofrom: buf[2:1][0:64])
#pragma omp parallel num_threads(2)
#pragma omp single
  kern (buf[0] + 0, buf[1] + 0, buf[2] + 0, 48, 4, acc);
  printf ("%08x %08x %08x %08x\n", acc[0], acc[1], acc[2], acc[3]);
  printf ("%08x\n", sum (buf[0], 64));
  printf ("%08x\n", sum (buf[1], 64));
  printf ("%08x\n", sum (buf[2], 64));
#pragma omp target data map(tofrom: buf[1:1][0:64])
#pragma omp parallel num_threads(2)
#pragma omp single
  kern (buf[0] + 0, buf[0] + 0, buf[1] + 0, 48, 4, acc);
  printf ("%08x %08x %08x %08x\n", acc[0], acc[1], acc[2], acc[3]);
  printf ("%08x\n", sum (buf[0], 64));
  printf ("%08x\n", sum (buf[1], 64));
  printf ("%08x\n", sum (buf[2], 64));
  return 0;
}
