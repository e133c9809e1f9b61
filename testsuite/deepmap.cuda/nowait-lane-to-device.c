/* A queued copy from pageable memory to the device goes through the
   queue's lane: stream callbacks copy it piece by piece into two pinned
   halves that the queue's DMA reads, so the host thread copies nothing
   itself.  With random delays in the fake's streams every byte still
   arrives, and it is what the host wrote before the construct (the
   callbacks wait for the queue), not what it writes once the construct
   is done.  */
/* { dg-do run } */
/* { dg-set-target-env-var DEEPMAP_DEVICES "cuda" } */
/* { dg-set-target-env-var DEEPMAP_CUDA_CHUNK "16K" } */
/* { dg-set-target-env-var FAKECUDA_JITTER "1" } */

#include "cuda-check.h"

#define N ((size_t) 200 * 1024 + 123)

int
main (void)
{
  unsigned char *a = malloc (N);
  CHECK (a != NULL, "out of memory");
  dm_require_device ();
  fk_fill (a, N, 1);
#pragma omp target enter data map(alloc: a[0:N])
  unsigned long pinned = fk_count ("htod_from_pinned");
#pragma omp parallel num_threads(2)
#pragma omp single
  {
#pragma omp task depend(out: a[0]) shared(a)
    fk_fill (a, N, 2);
#pragma omp target update nowait to(a[0:N]) depend(inout: a[0])
#pragma omp task depend(inout: a[0]) shared(a)
    memset (a, 0, N);
#pragma omp taskwait
  }
#pragma omp target exit data map(from: a[0:N])
  size_t bad = fk_verify (a, N, 2);
  CHECK (bad == N, "byte %zu wrong after the queued copy and back", bad);
  /* 13 pieces of 16 KiB, each DMA from a pinned half.  */
  pinned = fk_count ("htod_from_pinned") - pinned;
  CHECK (pinned >= 13, "%lu copies to the device from pinned memory",
	 pinned);
  free (a);
  return 0;
}
