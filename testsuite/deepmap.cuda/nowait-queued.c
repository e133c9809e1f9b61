/* nowait constructs on the CUDA backend queue their work on a stream of
   their own and complete through a host function on it: the region's
   kernel is launched on that stream (not the per-thread stream that
   synchronous regions use), the copies of enter data / update / exit data
   and of the region's map clauses are queued there, and a depend chain
   through host tasks still sees every copy done in order (the fake's
   streams sleep at random).  */
/* { dg-do run } */
/* { dg-set-target-env-var DEEPMAP_DEVICES "cuda" } */
/* { dg-set-target-env-var FAKECUDA_JITTER "1" } */

#include <omp.h>

#include "synthetic-image.h"

#define N 4096

int
main (void)
{
  synth_register ();
  dm_require_device ();
  unsigned char *a = malloc (N);
  int x = 7;
  CHECK (a != NULL, "out of memory");
  fk_fill (a, N, 1);
  unsigned long copies0 = fk_count ("queued_copies");

#pragma omp parallel num_threads(2)
#pragma omp single
  {
    /* To the device, clear the host copy, back from the device.  */
#pragma omp target enter data nowait map(to: a[0:N]) depend(out: a[0])
#pragma omp task depend(inout: a[0]) shared(a)
    memset (a, 0, N);
#pragma omp target update nowait from(a[0:N]) depend(inout: a[0])
#pragma omp task depend(inout: a[0]) shared(a)
    {
      size_t bad = fk_verify (a, N, 1);
      CHECK (bad == N, "byte %zu wrong after update from", bad);
      fk_fill (a, N, 2);
    }
#pragma omp target update nowait to(a[0:N]) depend(inout: a[0])
#pragma omp task depend(inout: a[0]) shared(a)
    memset (a, 0, N);
#pragma omp target exit data nowait map(from: a[0:N]) depend(inout: a[0])

    /* A region: GOMP_target_ext with GOMP_TARGET_FLAG_NOWAIT.  */
    void *hostaddrs[] = { &x };
    size_t sizes[] = { sizeof x };
    unsigned short kinds[] = { 3 /* GOMP_MAP_TOFROM */ };
    void *args[] = { SYNTH_ARG (1, 2), SYNTH_ARG (2, 1), NULL };
    GOMP_target_ext (0, synth_region, 1, hostaddrs, sizes, kinds,
		     1 /* nowait */, NULL, args);
#pragma omp taskwait
  }

  size_t bad = fk_verify (a, N, 2);
  CHECK (bad == N, "byte %zu wrong after exit data", bad);
  CHECK (x == 7, "x = %d", x);
  CHECK (!omp_target_is_present (a, 0), "a still present");
  struct fakecuda_launch l;
  CHECK (fk_last_launch (&l) == 1, "%lu launches", fk_last_launch (&l));
  CHECK (l.stream != NULL && l.stream != (void *) 2,
	 "the region was launched on stream %p, not a queue's", l.stream);
  CHECK (fk_count ("queued_launches") == 1, "%lu launches on queues",
	 fk_count ("queued_launches"));
  /* enter, update from, update to, exit: 4; the region: its argument
     block, x in and x back: 3.  */
  CHECK (fk_count ("queued_copies") - copies0 >= 7, "%lu copies queued",
	 fk_count ("queued_copies") - copies0);
  /* A completion per construct, and one callback per bounced piece of
     the copies back into pageable memory (exit data's a and the
     region's x, update from's a): the host never waited for a queue.  */
  CHECK (fk_count ("cuStreamAddCallback") >= 5 + 3, "%lu callbacks",
	 fk_count ("cuStreamAddCallback"));
  CHECK (fk_count ("dtoh_pageable_waits") == 0, "%lu queued copies into "
	 "pageable memory made the host wait",
	 fk_count ("dtoh_pageable_waits"));
  CHECK (fk_count ("cuStreamCreate") >= 1, "no stream created");
  free (a);
  return 0;
}
