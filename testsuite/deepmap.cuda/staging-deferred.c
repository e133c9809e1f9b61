/* The pinned staging ring is made only once large copies sent direct add
   up to DEEPMAP_CUDA_RING_AFTER: a program that moves less never pays
   for pinning it.  The copy that passes the limit is staged.  */
/* { dg-do run } */
/* { dg-set-target-env-var DEEPMAP_DEVICES "cuda" } */
/* { dg-set-target-env-var DEEPMAP_CUDA_CHUNK "1M" } */
/* { dg-set-target-env-var DEEPMAP_CUDA_STAGING "4M" } */
/* { dg-set-target-env-var DEEPMAP_CUDA_DIRECT_MAX "256K" } */
/* { dg-set-target-env-var DEEPMAP_CUDA_RING_AFTER "5M" } */

#include "cuda-check.h"

#define MIB ((size_t) 1 << 20)

int
main (void)
{
  size_t n = 2 * MIB;
  unsigned char *a = malloc (n);
  fk_fill (a, n, 3);
  dm_require_device ();

  /* 2 MiB in and 2 MiB back: 4 MiB, direct, no ring.  */
  unsigned long staged = fk_count ("htod_from_pinned")
			 + fk_count ("dtoh_to_pinned");
#pragma omp target enter data map(to: a[0:n])
  memset (a, 0, n);
#pragma omp target update from(a[0:n])
  CHECK (fk_count ("htod_from_pinned") + fk_count ("dtoh_to_pinned")
	 == staged, "a copy was staged before the limit");
  CHECK (fk_count ("cuMemHostAlloc") == 0, "%lu cuMemHostAlloc calls",
	 fk_count ("cuMemHostAlloc"));
  size_t bad = fk_verify (a, n, 3);
  CHECK (bad == n, "byte %zu differs after the round trip", bad);

  /* The next 2 MiB pass 5 MiB: staged, through a ring made now.  */
#pragma omp target update to(a[0:n])
  CHECK (fk_count ("htod_from_pinned") > staged, "the copy past the limit "
	 "went direct");
  CHECK (fk_count ("cuMemHostAlloc") == 4, "%lu cuMemHostAlloc calls",
	 fk_count ("cuMemHostAlloc"));
#pragma omp target exit data map(delete: a[0:n])
  free (a);
  return 0;
}
