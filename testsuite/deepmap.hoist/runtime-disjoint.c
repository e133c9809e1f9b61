/* Sections the alias oracle cannot tell apart: A and B are parameters,
   mapped by different constructs (A alone, then A with B).  The plugin
   keeps both on the device only if a test on entry to the loop finds
   them disjoint; here they are, so each is copied in and out once.
   runtime-overlap.c passes overlapping arrays to the same kernel.  */
/* { dg-options "-fplugin-arg-deepmap-report" } */
/* { dg-set-target-env-var DEEPMAP_STATS "1" } */
/* { dg-output "deepmap: device 0 \\((emu|cuda)\\): h2d 2 transfers 16000 bytes, d2h 2 transfers 16000 bytes" { target offload_device } } */
#include <stdlib.h>
#include <string.h>

#define N 1000
#define STEPS 50

#include "runtime-kernel.h"

int
main (void)
{
  double *A = malloc (N * sizeof *A), *B = malloc (N * sizeof *B);
  double *a = malloc (N * sizeof *a), *b = malloc (N * sizeof *b);
  for (int i = 0; i < N; i++)
    {
      A[i] = a[i] = (i * 7 % 13) / 13.0;
      B[i] = b[i] = (i * 3 % 11) / 11.0;
    }
  kernel (N, STEPS, A, B);
  host (N, STEPS, a, b);
  if (memcmp (A, a, N * sizeof *a) || memcmp (B, b, N * sizeof *b))
    abort ();
  return 0;
}

/* { dg-final { scan-deepmap-report "runtime-kernel.h:\[0-9\]+:9: deepmap: hoist: 'A' kept on the device across the loop at runtime-kernel.h:\[0-9\]+ \\(enter data map\\(to\\), exit data map\\(from\\)\\) if the sections the compiler cannot tell apart do not overlap at run time" } } */
/* { dg-final { scan-deepmap-report "deepmap: hoist: 'B' kept on the device across the loop at runtime-kernel.h:\[0-9\]+ \\(enter data map\\(to\\), exit data map\\(from\\)\\) if the sections" } } */
