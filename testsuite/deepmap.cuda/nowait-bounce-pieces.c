/* A queued copy back into pageable memory goes through the queue's pinned
   bounce buffer piece by piece (DEEPMAP_CUDA_CHUNK bytes each), a stream
   callback copying each piece out: with random delays in the fake's
   streams every byte still arrives, in place, and the host never waits
   for the queue.  */
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
#pragma omp parallel num_threads(2)
#pragma omp single
  {
#pragma omp target enter data nowait map(to: a[0:N]) depend(out: a[0])
#pragma omp task depend(inout: a[0]) shared(a)
    memset (a, 0, N);
#pragma omp target exit data nowait map(from: a[0:N]) depend(inout: a[0])
#pragma omp taskwait
  }
  size_t bad = fk_verify (a, N, 1);
  CHECK (bad == N, "byte %zu wrong after the bounced copy back", bad);
  CHECK (fk_count ("dtoh_pageable_waits") == 0, "the host waited for a "
	 "queue %lu times", fk_count ("dtoh_pageable_waits"));
  /* 13 pieces of 16 KiB, one callback each, and the completions.  */
  CHECK (fk_count ("cuStreamAddCallback") >= 13 + 2, "%lu callbacks",
	 fk_count ("cuStreamAddCallback"));
  free (a);
  return 0;
}
