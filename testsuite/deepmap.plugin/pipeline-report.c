/* -fplugin-arg-deepmap-report says how each pipelined loop was lowered:
   its variable, arrays, schedule and memory limit.  */
/* { dg-do compile } */
/* { dg-additional-options "-fplugin-arg-deepmap-report" } */
/* { dg-final { scan-deepmap-report "pipeline-report.c:12:27: deepmap: pipelined loop over k: 2 arrays, chunk size and streams as given, device memory limit 268435456 bytes" } } */
/* { dg-final { scan-deepmap-report "pipeline-report.c:19:28: deepmap: pipelined loop over i: 1 array, chunk size and streams chosen at run time, device memory limit runtime's choice" } } */

void
f (float *A0, float *An, int nx, int ny, int nz)
{
  int k;
  #pragma deepmap pipeline(static[1,3]) pipeline_map(to: A0[k-1:3][0:ny][0:nx]) pipeline_map(from: An[k:1][0:ny][0:nx]) pipeline_mem_limit(256 M)
  for (k = 1; k < nz - 1; k++)
    {
      #pragma omp target teams distribute parallel for
      for (int j = 0; j < ny * nx; j++)
	An[k * ny * nx + j] = A0[(k - 1) * ny * nx + j];
    }
  #pragma deepmap pipeline pipeline_map(tofrom: An[2 * i + 1:2][0:nx])
  for (int i = 0; i < nz / 2 - 1; ++i)
    {
      #pragma omp target
      An[(2 * i + 1) * nx] += 1;
    }
}
