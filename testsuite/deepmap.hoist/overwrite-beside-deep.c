/* A kept section that a region overwrites, beside a structure the same
   region maps: the deferred copy in of the section is dropped unless the
   structure's pointers reach it.

   - by_count: the count is a member of a structure passed by value
     (XSBench's in.lookups); the region reads no pointer of it, so the
     structure is mapped shallow, and it is only read, so the host's
     reads of it in the loop need no update from the device.
   - deep_apart: the region follows the structure's pointer (deep copy)
     to memory apart from the section: still not copied in.
   - deep_into: the structure's pointer points into the section and the
     region reads through it before the stores: copied in first.
   Every result is checked against the host.  */
/* { dg-options "-fplugin-arg-deepmap-report" } */
/* { dg-set-target-env-var DEEPMAP_STATS "1" } */
/* by_count: c in (16 bytes), a back (800).  deep_apart: c and w in
   (816), b never; c, w and b back (1616).  deep_into: c and v in, and v
   once more as the structure's object, which deep copy sends although the
   construct's own item sent it (1616), deep copy's extra; back, v once (816):
   the own item's copy, not deep copy's.  Two copies back adjoin: one transfer.  */
/* { dg-output "deepmap: device 0 \\((emu|cuda)\\): h2d 6 transfers 2448 bytes, d2h 4 transfers 3232 bytes" { target offload_device } } */
#include <stdlib.h>
#include "deepmap.h"

#define N 100

struct cfg
{
  int n, steps;
  double *w deepmap_counted_by (n);
};

__attribute__ ((noinline)) static double
by_count (struct cfg c, double *v)
{
  double s = 0;
  for (int t = 0; t < c.steps; t++)
    {
#pragma omp target teams distribute parallel for map(tofrom: v[0:c.n])
      for (int i = 0; i < c.n; i++)
	v[i] = i + t;
      s += c.steps;
    }
  return s;
}

__attribute__ ((noinline)) static void
deep_apart (struct cfg c, double *v)
{
  for (int t = 0; t < 3; t++)
    {
#pragma omp target teams distribute parallel for map(tofrom: v[0:c.n])
      for (int i = 0; i < c.n; i++)
	v[i] = c.w[i] * t;
    }
}

__attribute__ ((noinline)) static void
deep_into (struct cfg c, double *v)
{
  for (int t = 0; t < 3; t++)
    {
#pragma omp target teams distribute parallel for map(tofrom: v[0:c.n])
      for (int i = 0; i < c.n; i++)
	v[i] = c.w[i] + 1;
    }
}

int
main (void)
{
  double *a = (double *) malloc (N * sizeof *a);
  double *b = (double *) malloc (N * sizeof *b);
  double *w = (double *) malloc (N * sizeof *w);
  double *v = (double *) malloc (N * sizeof *v);
  for (int i = 0; i < N; i++)
    a[i] = b[i] = -1, w[i] = i % 7, v[i] = i % 5;
  struct cfg c = { N, 4, w };
  if (by_count (c, a) != 16)
    abort ();
  for (int i = 0; i < N; i++)
    if (a[i] != i + 3)
      abort ();
  deep_apart (c, b);
  for (int i = 0; i < N; i++)
    if (b[i] != (i % 7) * 2)
      abort ();
  /* w is v: each step adds one to what the last one left.  */
  c.w = v;
  deep_into (c, v);
  for (int i = 0; i < N; i++)
    if (v[i] != i % 5 + 3)
      abort ();
  return 0;
}

/* { dg-final { scan-deepmap-report "overwrite-beside-deep.c:39:9: deepmap: target: 'c' shallow: the region uses none of its pointers" } } */
/* { dg-final { scan-deepmap-report "overwrite-beside-deep.c:39:9: deepmap: target: '\\*v' is stored to in full before it is read: not copied in \\(as map\\(from:\\)\\)" } } */
/* { dg-final { scan-deepmap-report "overwrite-beside-deep.c:39:9: deepmap: hoist: 'c' kept on the device across the loop at overwrite-beside-deep.c:37 \\(enter data map\\(to\\), exit data map\\(release\\)\\), not copied back: no construct writes it" } } */
/* { dg-final { scan-deepmap-report-not "overwrite-beside-deep.c:\[0-9\]+:\[0-9\]+: deepmap: hoist: 'c' copied from the device" } } */
/* { dg-final { scan-deepmap-report "overwrite-beside-deep.c:52:9: deepmap: target: 'c' deep, elements of type 'struct cfg'" } } */
/* { dg-final { scan-deepmap-report "overwrite-beside-deep.c:52:9: deepmap: target: '\\*v' is stored to in full before it is read" } } */
