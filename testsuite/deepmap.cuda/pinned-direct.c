/* Host memory the driver has pinned (cuMemHostAlloc) is copied in one
   direct call, not through the staging ring.  */
/* { dg-do run } */
/* { dg-set-target-env-var DEEPMAP_DEVICES "cuda" } */
/* { dg-set-target-env-var DEEPMAP_CUDA_CHUNK "1M" } */
/* { dg-set-target-env-var DEEPMAP_CUDA_DIRECT_MAX "64K" } */

#include "cuda-check.h"

typedef int (*host_alloc_fn) (void **, size_t, unsigned);

int
main (void)
{
  size_t n = (size_t) 8 << 20;
  int dummy = 0;
  /* The first map makes the device's context current on this thread,
     which cuMemHostAlloc needs.  */
#pragma omp target enter data map(to: dummy)
  void *p = NULL;
  CHECK (((host_alloc_fn) fk_sym ("cuMemHostAlloc")) (&p, n, 0) == 0 && p,
	 "cuMemHostAlloc failed");
  unsigned char *a = p;
  fk_fill (a, n, 3);
  unsigned long h2d = fk_count ("cuMemcpyHtoDAsync");
#pragma omp target enter data map(to: a[0:n])
  CHECK (fk_count ("cuMemcpyHtoDAsync") - h2d == 1, "%lu copies for pinned "
	 "memory", fk_count ("cuMemcpyHtoDAsync") - h2d);
  CHECK (fk_count ("max_copy_bytes") == n, "largest copy %lu bytes",
	 fk_count ("max_copy_bytes"));
  CHECK (fk_count ("cuMemHostAlloc") == 1, "a staging ring was made");
  memset (a, 0, n);
  unsigned long d2h = fk_count ("cuMemcpyDtoHAsync");
#pragma omp target exit data map(from: a[0:n])
  CHECK (fk_count ("cuMemcpyDtoHAsync") - d2h == 1, "%lu copies back",
	 fk_count ("cuMemcpyDtoHAsync") - d2h);
  size_t bad = fk_verify (a, n, 3);
  CHECK (bad == n, "byte %zu differs", bad);
  return 0;
}
