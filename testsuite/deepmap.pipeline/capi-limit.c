/* A memory limit smaller than one chunk's slots is a clear error.  */
/* { dg-require-effective-target offload_device_nonshared_as } */
/* { dg-shouldfail "limit too small" } */
/* { dg-output "deepmap: error: pipeline: 2 slots of a one-iteration chunk need 6144 bytes of device memory, more than the limit of 5000 bytes" } */
#include "stencil.h"

int
main (void)
{
  static float A0[16][16][16];
  struct deepmap_pipe_array a[1] = {
    { A0, sizeof A0[0], 1, -1, 3, DEEPMAP_PIPE_TO, "A0" } };
  void *p = deepmap_pipeline_begin (-1, 1, 15, 1, 1, 2, 5000, 1, a);
  for (int k = 1; k < 15; k++)
    {
      deepmap_pipeline_iter (p, k);
      #pragma omp target
      A0[k][0][0] += A0[k - 1][0][0];
    }
  deepmap_pipeline_end (p);
  return 0;
}
