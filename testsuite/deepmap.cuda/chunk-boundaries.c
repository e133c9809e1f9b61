/* Device-to-host and host-to-device copies of sizes and offsets around
   the chunk size and the direct-copy limit are byte-exact.  */
/* { dg-do run } */
/* { dg-set-target-env-var DEEPMAP_DEVICES "cuda" } */
/* { dg-set-target-env-var DEEPMAP_CUDA_CHUNK "64K" } */
/* { dg-set-target-env-var DEEPMAP_CUDA_STAGING "192K" } */
/* { dg-set-target-env-var DEEPMAP_CUDA_DIRECT_MAX "32K" } */
/* { dg-set-target-env-var DEEPMAP_CUDA_RING_AFTER "0" } */

#include "cuda-check.h"

#define K ((size_t) 1024)

int
main (void)
{
  static const size_t sizes[] = {
    1, 32 * K - 1, 32 * K, 32 * K + 1, 64 * K - 1, 64 * K, 64 * K + 1,
    128 * K - 1, 128 * K, 128 * K + 1, 192 * K, 192 * K + 1, 640 * K + 17
  };
  size_t total = 2 * K * K;
  unsigned char *a = malloc (total), *b = malloc (total);
  dm_require_device ();
  fk_fill (a, total, 5);
#pragma omp target enter data map(to: a[0:total])
  for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++)
    for (size_t off = 0; off < 3; off++)
      {
	size_t n = sizes[s], o = off * 4093;
	/* New values to the device...  */
	for (size_t i = 0; i < n; i++)
	  a[o + i] = (unsigned char) (a[o + i] ^ (s * 3 + off + 1));
#pragma omp target update to(a[o:n])
	memcpy (b, a, total);
	/* ... and back over host garbage.  */
	memset (a + o, 0xEE, n);
#pragma omp target update from(a[o:n])
	CHECK (memcmp (a, b, total) == 0, "size %zu at offset %zu: "
	       "round trip differs", n, o);
      }
  memset (a, 0, total);
#pragma omp target exit data map(from: a[0:total])
  CHECK (memcmp (a, b, total) == 0, "final copy back differs");
  return 0;
}
