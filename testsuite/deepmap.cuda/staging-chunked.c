/* A large copy from pageable memory goes through the pinned staging ring
   in chunks of DEEPMAP_CUDA_CHUNK, both ways, byte-exact.  */
/* { dg-do run } */
/* { dg-set-target-env-var DEEPMAP_DEVICES "cuda" } */
/* { dg-set-target-env-var DEEPMAP_CUDA_CHUNK "1M" } */
/* { dg-set-target-env-var DEEPMAP_CUDA_STAGING "4M" } */
/* { dg-set-target-env-var DEEPMAP_CUDA_STREAMS "3" } */
/* { dg-set-target-env-var DEEPMAP_CUDA_DIRECT_MAX "256K" } */
/* { dg-set-target-env-var DEEPMAP_CUDA_RING_AFTER "0" } */

#include "cuda-check.h"

#define MIB ((size_t) 1 << 20)

int
main (void)
{
  size_t n = 10 * MIB + 123;
  unsigned char *a = malloc (n);
  fk_fill (a, n, 1);
  dm_require_device ();

  unsigned long h2d = fk_count ("cuMemcpyHtoDAsync");
  unsigned long pinned = fk_count ("htod_from_pinned");
#pragma omp target enter data map(to: a[0:n])
  h2d = fk_count ("cuMemcpyHtoDAsync") - h2d;
  pinned = fk_count ("htod_from_pinned") - pinned;
  /* 11 chunks (and no other copy).  */
  CHECK (h2d == 11, "%lu host-to-device copies for %zu bytes", h2d, n);
  CHECK (pinned == 11, "%lu of them staged", pinned);
  CHECK (fk_count ("max_copy_bytes") <= MIB, "a copy of %lu bytes",
	 fk_count ("max_copy_bytes"));
  CHECK (fk_count ("pinned_live") == 4, "%lu staging buffers",
	 fk_count ("pinned_live"));

  memset (a, 0, n);
  unsigned long d2h = fk_count ("dtoh_to_pinned");
#pragma omp target update from(a[0:n])
  CHECK (fk_count ("dtoh_to_pinned") - d2h == 11, "%lu staged device-to-host "
	 "copies", fk_count ("dtoh_to_pinned") - d2h);
  size_t bad = fk_verify (a, n, 1);
  CHECK (bad == n, "byte %zu differs after the round trip", bad);

  /* Small copies go direct.  */
  pinned = fk_count ("htod_from_pinned");
#pragma omp target update to(a[5:1000])
  CHECK (fk_count ("htod_from_pinned") == pinned, "a small copy was staged");
  /* The ring is made once.  */
  CHECK (fk_count ("cuMemHostAlloc") == 4, "%lu cuMemHostAlloc calls",
	 fk_count ("cuMemHostAlloc"));
#pragma omp target exit data map(delete: a[0:n])
  free (a);
  return 0;
}
