/* The proof that a region stores to all of an item (dm-overwrite.c)
   with loops that start elsewhere than 0 (a 1-based loop storing
   out[i - 1]), and with nests of two symbolic counts: two negative
   counts would multiply to a positive length while the nest runs no
   iteration, so there the item is announced as overwritten only where
   no count is negative, checked as the construct starts.  Called with
   negative counts, the host's bytes are copied in and back unchanged
   (fresh device memory is poisoned: a copy in left out would show).
   Also a miss: a loop from 1 that leaves out[0] alone.  */
/* { dg-options "-fplugin-arg-deepmap-report -fplugin-arg-deepmap-hoist=off" } */
/* { dg-set-target-env-var DEEPMAP_STATS "1" } */
/* one_based leaves out its 800 bytes, grid (positive) its 1200, grid
   (negative) and from_one copy in as written (48 and 800).  */
/* { dg-output "deepmap: device 0 \\((emu|cuda)\\): h2d 2 transfers 848 bytes, d2h 4 transfers 2848 bytes" { target offload_device } } */
#include <stdlib.h>
#include "check.h"

__attribute__ ((noinline)) static void
one_based (double *out, int n)
{
#pragma omp target teams distribute parallel for map(tofrom: out[0:n])
  for (int i = 1; i <= n; i++)
    out[i - 1] = 2.0 * i;
}

__attribute__ ((noinline)) static void
grid (double *b, int n, int m)
{
#pragma omp target teams distribute parallel for collapse(2) \
	map(tofrom: b[0:n * m])
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      b[i * m + j] = i + 0.5 * j;
}

__attribute__ ((noinline)) static void
from_one (double *out, int n)
{
#pragma omp target teams distribute parallel for map(tofrom: out[0:n])
  for (int i = 1; i < n; i++)
    out[i] = 3.0 * i;
}

int
main (void)
{
  double *a = (double *) malloc (100 * sizeof *a);
  one_based (a, 100);
  for (int i = 0; i < 100; i++)
    CHECK (a[i] == 2.0 * (i + 1), "one_based: a[%d] = %g", i, a[i]);

  double *b = (double *) malloc (150 * sizeof *b);
  grid (b, 10, 15);
  for (int i = 0; i < 10; i++)
    for (int j = 0; j < 15; j++)
      CHECK (b[i * 15 + j] == i + 0.5 * j, "grid: b[%d][%d] = %g", i, j,
	     b[i * 15 + j]);
  /* -2 x -3: six elements mapped, no iteration.  */
  for (int k = 0; k < 6; k++)
    b[k] = 7.0 + k;
  grid (b, -2, -3);
  for (int k = 0; k < 6; k++)
    CHECK (b[k] == 7.0 + k, "grid (-2, -3): b[%d] = %g", k, b[k]);

  a[0] = 42.0;
  from_one (a, 100);
  CHECK (a[0] == 42.0, "from_one: a[0] = %g", a[0]);
  for (int i = 1; i < 100; i++)
    CHECK (a[i] == 3.0 * i, "from_one: a[%d] = %g", i, a[i]);
  free (a);
  free (b);
  return 0;
}

/* { dg-final { scan-deepmap-report "overwrite-bounds.c:21:9: deepmap: target: '\\*out' is stored to in full before it is read: not copied in \\(as map\\(from:\\)\\)" } } */
/* { dg-final { scan-deepmap-report "overwrite-bounds.c:29:9: deepmap: target: '\\*b' is stored to in full before it is read where no loop count is negative: then not copied in \\(as map\\(from:\\)\\)" } } */
/* { dg-final { scan-deepmap-report-not "overwrite-bounds.c:38:9: deepmap: target: '\\*out' is stored to in full" } } */
