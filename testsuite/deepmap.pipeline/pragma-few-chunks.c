/* A pipelined loop with fewer chunks than streams gets no more slots
   than chunks: 27 iterations in chunks of 10 on 4 streams use 3 slots,
   in one chunk of 27 on 3 streams use one (no previous slot to take a
   halo from).  Results bit-identical to the host's.  */
/* { dg-require-effective-target offload_device_nonshared_as } */
/* { dg-set-target-env-var DEEPMAP_TRACE "list" } */
/* { dg-output "pipeline on device 0: 27 iterations in 3 chunks of 10, 3 slots\[^\n\]*\n" } */
/* { dg-output "(\[^\n\]*\n)*\[^\n\]*pipeline on device 0: 27 iterations in 1 chunks of 27, 1 slots" } */
#include "stencil.h"

static void
sweep (float *A0, float *An, int nx, int ny, int nz, int chunk, int streams)
{
  #pragma deepmap pipeline(static[chunk,streams]) pipeline_map(to: A0[k-1:3][0:ny][0:nx]) pipeline_map(tofrom: An[k:1][0:ny][0:nx])
  for (int k = 1; k < nz - 1; k++)
    {
      #pragma omp target teams distribute parallel for collapse(2)
      for (int j = 1; j < ny - 1; j++)
	for (int i = 1; i < nx - 1; i++)
	  An[IDX (i, j, k)] = stencil_point (A0, nx, ny, i, j, k);
    }
}

int
main (void)
{
  const int nx = 12, ny = 10, nz = 29;
  float *A0, *An, *want;
  stencil_setup (&A0, &An, &want, nx, ny, nz);
  static const int chunks[] = { 10, 27 }, streams[] = { 4, 3 };
  if (stencil_variants (sweep, chunks, streams, 2, A0, An, want, nx, ny, nz))
    abort ();
  return 0;
}
