/* The kernel of runtime-disjoint.c given overlapping arrays (B starts in
   the middle of A): the test on entry to the loop fails, nothing is kept,
   and the constructs map as written, step by step.  The result must be
   the host model's, and the transfers those of the unhoisted loop.  */
/* { dg-options "-fplugin-arg-deepmap-report" } */
/* { dg-set-target-env-var DEEPMAP_STATS "1" } */
/* { dg-output "deepmap: device 0 \\((emu|cuda)\\): h2d 200 transfers 1200000 bytes, d2h 200 transfers 1200000 bytes" { target offload_device } } */
#include <stdlib.h>
#include <string.h>

#define N 1000
#define STEPS 50

#include "runtime-kernel.h"

int
main (void)
{
  double *X = malloc (3 * N / 2 * sizeof *X);
  double *x = malloc (3 * N / 2 * sizeof *x);
  for (int i = 0; i < 3 * N / 2; i++)
    X[i] = x[i] = (i * 7 % 13) / 13.0;
  kernel (N, STEPS, X, X + N / 2);
  host (N, STEPS, x, x + N / 2);
  if (memcmp (X, x, 3 * N / 2 * sizeof *x))
    abort ();
  return 0;
}

/* { dg-final { scan-deepmap-report "deepmap: hoist: 'A' kept on the device across the loop at runtime-kernel.h:\[0-9\]+ \\(enter data map\\(to\\), exit data map\\(from\\)\\) if the sections" } } */
