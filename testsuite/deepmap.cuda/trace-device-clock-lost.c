/* DEEPMAP_TRACE on the CUDA backend when the driver cannot time a mark
   (the second cuEventElapsedTime, when the marks are read at exit,
   fails): that span is lost and counted in the file's metadata as
   dropped, the rest of the timeline is written and valid, and the
   program's results are untouched.  */
/* { dg-do run } */
/* { dg-options "-g" } */
/* { dg-set-target-env-var DEEPMAP_DEVICES "cuda" } */
/* { dg-set-target-env-var FAKECUDA_JITTER "1" } */
/* { dg-set-target-env-var DEEPMAP_TRACE "trace-device-clock-lost.json" } */
/* { dg-set-target-env-var FAKECUDA_FAIL "cuEventElapsedTime:2" } */
/* { dg-output "trace-check: OK" } */

#include <omp.h>

#include "synthetic-image.h"
#include "../deepmap.trace/trace-test.h"

#define N 40000

int
main (void)
{
  TRACE_TEST ("queueclock dropped");
  synth_register ();
  dm_require_device ();
  unsigned char *a = malloc (N);
  CHECK (a != NULL, "out of memory");
  for (int round = 0; round < 3; round++)
    {
      fk_fill (a, N, 1 + round);
      /* Each round's copies on a queue: in, back into host memory.  */
#pragma omp parallel num_threads(2)
#pragma omp single
      {
#pragma omp target enter data nowait map(to: a[0:N]) depend(out: a[0])
#pragma omp target exit data nowait map(from: a[0:N]) depend(inout: a[0])
#pragma omp taskwait
      }
      size_t bad = fk_verify (a, N, 1 + round);
      CHECK (bad == N, "round %d: byte %zu wrong", round, bad);
    }
  free (a);
  return 0;
}
