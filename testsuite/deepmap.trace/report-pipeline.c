/* DEEPMAP_REPORT: the copies of a pipelined loop are reported at the
   loop's calls (deepmap_pipeline_begin, _end), as the constructs OMPT
   sees there.  The loop runs twice on the same input in one chunk: A is
   sent again unchanged (a duplicate transfer at the begin), B comes
   back and is sent again unchanged (a round trip there) and comes back
   unchanged the second time (at the end).  The slots are no host
   range: no allocations are counted.  */
/* { dg-do run } */
/* { dg-options "-O0 -g" } */
/* { dg-require-effective-target offload_device_nonshared_as } */
/* { dg-set-target-env-var DEEPMAP_REPORT "1" } */
/* { dg-output "deepmap: report: 14336 bytes of data movement that a hand optimisation would remove, in 3 entries \\(of 4 copies to devices, 2 back, 0 allocations\\):\[^\n]*\n" } */
/* { dg-output "deepmap: report: 1\\. duplicate transfer on device 0: 5120 bytes in 1 copy\[^\n]* at \[^\n]*report-pipeline\\.c:31, host \\\[0x\[0-9a-f]+, \\+5120\\)\[^\n]*\n" } */
/* { dg-output "\[^\n]*\ndeepmap: report: 2\\. round trip on device 0: 4608 bytes in 1 copy\[^\n]* at \[^\n]*report-pipeline\\.c:31, host \\\[0x\[0-9a-f]+, \\+4608\\)\[^\n]*\n" } */
/* { dg-output "\[^\n]*\ndeepmap: report: 3\\. unchanged copy back on device 0: 4608 bytes in 1 copy\[^\n]* at \[^\n]*report-pipeline\\.c:41, host \\\[0x\[0-9a-f]+, \\+4608\\)" } */

#include <stdlib.h>
#include "deepmap.h"

#define NX 64
#define NZ 20

static float A[NZ][NX], B[NZ][NX];

static void
sweep (void)
{
  struct deepmap_pipe_array arr[2] = {
    { A, sizeof A[0], 1, -1, 3, DEEPMAP_PIPE_TO, "A", 0, 0 },
    { B, sizeof B[0], 1, 0, 1, DEEPMAP_PIPE_TOFROM, "B", 0, 0 } };
  void *p = deepmap_pipeline_begin (-1, 1, NZ - 1, 1, NZ - 2, 2, 0, 2, arr);
  for (int k = 1; k < NZ - 1; k++)
    {
      deepmap_pipeline_iter (p, k);
      float *above = A[k + 1], *below = A[k - 1], *here = A[k], *out = B[k];
#pragma omp target map(to: above[0:NX], below[0:NX], here[0:NX]) \
		   map(tofrom: out[0:NX])
      for (int i = 0; i < NX; i++)
	out[i] = above[i] - below[i] + here[i];
    }
  deepmap_pipeline_end (p);
}

int
main (void)
{
  for (int k = 0; k < NZ; k++)
    for (int i = 0; i < NX; i++)
      A[k][i] = k + i;
  sweep ();
  sweep ();
  for (int k = 1; k < NZ - 1; k++)
    for (int i = 0; i < NX; i++)
      if (B[k][i] != k + i + 2)
	abort ();
  return 0;
}
