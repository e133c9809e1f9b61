/* DEEPMAP_TRACE on the CUDA backend: queued copies and kernels are timed
   by the device (events with timing, read against an anchor), not by
   host callbacks on the queue: their queue tracks say "(device clock)",
   their spans nest in the construct's span there, and the bytes are
   all there (the fake's streams sleep at random).  */
/* { dg-do run } */
/* { dg-options "-g" } */
/* { dg-set-target-env-var DEEPMAP_DEVICES "cuda" } */
/* { dg-set-target-env-var FAKECUDA_JITTER "1" } */
/* { dg-set-target-env-var DEEPMAP_TRACE "trace-device-clock.json" } */
/* { dg-output "trace-check: OK" } */

#include <omp.h>

#include "synthetic-image.h"
#include "../deepmap.trace/trace-test.h"

#define N 40000

int
main (void)
{
  TRACE_TEST ("queueclock queues:1 bytes:H2D:TRACE-ENTER:40000 "
	      "bytes:D2H:TRACE-UPDATE:40000 bytes:D2H:TRACE-EXIT:40000 "
	      "has:kernel");
  synth_register ();
  dm_require_device ();
  unsigned char *a = malloc (N);
  int x = 7;
  CHECK (a != NULL, "out of memory");
  fk_fill (a, N, 1);
  unsigned long callbacks0 = fk_count ("cuStreamAddCallback");

#pragma omp parallel num_threads(2)
#pragma omp single
  {
#pragma omp target enter data nowait map(to: a[0:N]) depend(out: a[0]) /* TRACE-ENTER */
#pragma omp target update nowait from(a[0:N]) depend(inout: a[0]) /* TRACE-UPDATE */
    void *hostaddrs[] = { &x };
    size_t sizes[] = { sizeof x };
    unsigned short kinds[] = { 3 /* GOMP_MAP_TOFROM */ };
    void *args[] = { SYNTH_ARG (1, 2), SYNTH_ARG (2, 1), NULL };
    GOMP_target_ext (0, synth_region, 1, hostaddrs, sizes, kinds,
		     1 /* nowait */, NULL, args);
#pragma omp target exit data nowait map(from: a[0:N]) depend(inout: a[0]) /* TRACE-EXIT */
#pragma omp taskwait
  }

  size_t bad = fk_verify (a, N, 1);
  CHECK (bad == N, "byte %zu wrong after exit data", bad);
  CHECK (fk_count ("cuEventRecord") >= 8, "%lu events recorded: the "
	 "queued work was not marked", fk_count ("cuEventRecord"));
  /* A completion per construct and one per bounced piece of the copies
     back: none added by the trace, which marks instead.  */
  CHECK (fk_count ("cuStreamAddCallback") - callbacks0 <= 8,
	 "%lu callbacks", fk_count ("cuStreamAddCallback") - callbacks0);
  free (a);
  return 0;
}
