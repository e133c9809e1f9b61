/* A region on another device than its pipelined loop's that uses a
   pipelined array is a clear error, not an unpipelined copy.  */
/* { dg-require-effective-target offload_device_nonshared_as } */
/* { dg-set-target-env-var DEEPMAP_DEVICES "emu,emu" } */
/* { dg-shouldfail "region on another device" } */
/* { dg-output "deepmap: error: pipeline: a target region on device 0 uses A0, which the pipelined loop holds on device 1" } */
#include "stencil.h"

int
main (void)
{
  static float A0[16][16][16];
  struct deepmap_pipe_array a[1] = {
    { A0, sizeof A0[0], 1, -1, 3, DEEPMAP_PIPE_TO, "A0" } };
  void *p = deepmap_pipeline_begin (1, 1, 15, 1, 2, 2, 0, 1, a);
  for (int k = 1; k < 15; k++)
    {
      deepmap_pipeline_iter (p, k);
      #pragma omp target device(0) map(to: A0[k - 1:3])
      A0[k][0][0] += A0[k - 1][0][0];
    }
  deepmap_pipeline_end (p);
  return 0;
}
