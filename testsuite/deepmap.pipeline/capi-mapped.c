/* A pipelined array that an enclosing target data maps in full is used
   where it is (the trace says so, no slots, exact results); one mapped
   with a different extent is a clear error.  */
/* { dg-require-effective-target offload_device_nonshared_as } */
/* { dg-set-target-env-var DEEPMAP_TRACE "1" } */
/* { dg-shouldfail "different extent" } */
/* { dg-output "deepmap: note: pipeline: A0 is mapped already; its device copy is used, not pipelined.*deepmap: error: pipeline: A0 \\(host 0x\[0-9a-f\]+ to 0x\[0-9a-f\]+\\) is already mapped with a different extent" } */
#include "stencil.h"

int
main (void)
{
  const int nx = 8, ny = 8, nz = 16;
  float *A0, *An, *want;
  size_t n = stencil_setup (&A0, &An, &want, nx, ny, nz);
  #pragma omp target data map(to: A0[0:n])
  stencil_sweep (A0, An, nx, ny, nz, 2, 2, 0);
  if (stencil_compare (An, want, n, "resident A0"))
    abort ();
  fflush (stderr);
  #pragma omp target data map(to: A0[0:n / 2])
  stencil_sweep (A0, An, nx, ny, nz, 2, 2, 0);
  return 0;
}
