/* #pragma deepmap pipeline lowered by the plugin: the 7-point stencil
   with the paper's clauses, chunk and stream counts from variables,
   the runtime's choice (no schedule clause), a <= bound and k += 1, a
   pointer-to-array A0 (rows from its type); results bit-identical to the
   host's.  */
/* { dg-require-effective-target offload_device_nonshared_as } */
#include "stencil.h"

static void
sweep (float *A0, float *An, int nx, int ny, int nz, int chunk, int streams)
{
  #pragma deepmap pipeline(static[chunk,streams]) pipeline_map(to: A0[k-1:3][0:ny][0:nx]) pipeline_map(tofrom: An[k:1][0:ny][0:nx]) pipeline_mem_limit(256 M)
  for (int k = 1; k < nz - 1; k++)
    {
      #pragma omp target teams distribute parallel for collapse(2)
      for (int j = 1; j < ny - 1; j++)
	for (int i = 1; i < nx - 1; i++)
	  An[IDX (i, j, k)] = stencil_point (A0, nx, ny, i, j, k);
    }
}

#define NX 12
#define NY 10

/* Rows as the type says; the loop written with <= and += 1.  */
static void
sweep_typed (float (*A0)[NY][NX], float (*An)[NY][NX], int nz)
{
  int nx = NX, ny = NY, k;
  #pragma deepmap pipeline pipeline_map(to: A0[k - 1:3]) pipeline_map(tofrom: An[k:1][0:NY][0:NX]) pipeline_mem_limit("1M")
  for (k = 1; k <= nz - 2; k += 1)
    {
      #pragma omp target teams distribute parallel for collapse(2)
      for (int j = 1; j < ny - 1; j++)
	for (int i = 1; i < nx - 1; i++)
	  An[k][j][i] = stencil_point (&A0[0][0][0], nx, ny, i, j, k);
    }
}

int
main (void)
{
  const int nx = NX, ny = NY, nz = 29;
  float *A0, *An, *want;
  size_t n = stencil_setup (&A0, &An, &want, nx, ny, nz);
  static const int chunks[] = { 1, 2, 3, 4, 27, 30 };
  static const int streams[] = { 2, 3, 2, 4, 2, 3 };
  int bad = stencil_variants (sweep, chunks, streams,
			     sizeof chunks / sizeof *chunks, A0, An, want, nx,
			     ny, nz);
  stencil_init (A0, An, nx, ny, nz);
  sweep_typed ((float (*)[NY][NX]) A0, (float (*)[NY][NX]) An, nz);
  bad |= stencil_compare (An, want, n, "typed");
  if (bad)
    abort ();
  return 0;
}
