/* DEEPMAP_REPORT with queued copies through a queue's lane: a nowait
   copy back into pageable memory goes through the lane's callbacks, and
   the report hashes its bytes in a queue callback after them, so the
   next copy in of the unchanged array is a round trip.  With random
   delays in the fake's streams, three of the four copies in are; and
   every copy back brings what was sent, an unchanged copy back.  */
/* { dg-do run } */
/* { dg-set-target-env-var DEEPMAP_DEVICES "cuda" } */
/* { dg-set-target-env-var DEEPMAP_CUDA_CHUNK "16K" } */
/* { dg-set-target-env-var FAKECUDA_JITTER "1" } */
/* { dg-set-target-env-var DEEPMAP_REPORT "1" } */
/* { dg-output "deepmap: report: 1\\. unchanged copy back on device 0: 819692 bytes in 4 copies\[^\n]*\n\[^\n]*\n" } */
/* { dg-output "deepmap: report: 2\\. round trip on device 0: 614769 bytes in 3 copies" } */

#include "cuda-check.h"

#define N ((size_t) 200 * 1024 + 123)

int
main (void)
{
  unsigned char *a = malloc (N);
  CHECK (a != NULL, "out of memory");
  dm_require_device ();
  fk_fill (a, N, 1);
#pragma omp parallel num_threads(2)
#pragma omp single
  for (int it = 0; it < 4; it++)
    {
#pragma omp target enter data nowait map(to: a[0:N]) depend(inout: a[0])
#pragma omp target exit data nowait map(from: a[0:N]) depend(inout: a[0])
#pragma omp taskwait
    }
  size_t bad = fk_verify (a, N, 1);
  CHECK (bad == N, "byte %zu wrong after the copies", bad);
  free (a);
  return 0;
}
