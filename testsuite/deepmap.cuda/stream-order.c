/* Staged copies on several streams (whose fake workers sleep at random)
   still complete in program order: a later overlapping copy is never
   overtaken by the chunks of an earlier one.  */
/* { dg-do run } */
/* { dg-set-target-env-var DEEPMAP_DEVICES "cuda" } */
/* { dg-set-target-env-var DEEPMAP_CUDA_CHUNK "16K" } */
/* { dg-set-target-env-var DEEPMAP_CUDA_STAGING "64K" } */
/* { dg-set-target-env-var DEEPMAP_CUDA_STREAMS "4" } */
/* { dg-set-target-env-var DEEPMAP_CUDA_DIRECT_MAX "4K" } */
/* { dg-set-target-env-var FAKECUDA_JITTER "1" } */

#include "cuda-check.h"

#define N ((size_t) 256 * 1024)

int
main (void)
{
  unsigned char *a = malloc (N), *expect = malloc (N);
  dm_require_device ();
  fk_fill (a, N, 0);
#pragma omp target enter data map(to: a[0:N])
  memcpy (expect, a, N);
  for (unsigned round = 1; round <= 12; round++)
    {
      /* An overlapping window moving through the array.  */
      size_t o = (round * 37 * 1024) % (N / 2), n = N / 3;
      fk_fill (a + o, n, round);
      memcpy (expect + o, a + o, n);
#pragma omp target update to(a[o:n])
    }
  memset (a, 0, N);
#pragma omp target update from(a[0:N])
  for (size_t i = 0; i < N; i++)
    CHECK (a[i] == expect[i], "byte %zu is %d, expected %d", i, a[i],
	   expect[i]);
#pragma omp target exit data map(delete: a[0:N])
  return 0;
}
