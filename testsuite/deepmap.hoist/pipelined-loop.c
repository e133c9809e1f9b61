/* A pipelined loop (#pragma deepmap pipeline) is not a loop hoisting
   may keep sections across: the pipeline maps its arrays chunk by chunk
   into slots of its own.  Where a region maps a pipelined array whole
   (true arrays, which GCC maps whole implicitly; or naive-offload code
   that kept its explicit whole-array maps), hoisting kept the arrays on
   the device around the loop and copied them back at its end, racing
   with the pipeline's own copies out: wrong rows, different in every
   run.  Now nothing is kept, and the results are the host's.  */
/* { dg-require-effective-target offload_device_nonshared_as } */
/* { dg-options "-fplugin-arg-deepmap-report" } */
/* { dg-set-target-env-var DEEPMAP_EMU_LINK "12G,10us" } */
/* { dg-final { scan-deepmap-report "'C' not kept on the device across the loop at pipelined-loop.c:\[0-9\]+ because the loop is pipelined" } } */
/* { dg-final { scan-deepmap-report "'b' not kept on the device across the loop at pipelined-loop.c:\[0-9\]+ because the loop is pipelined" } } */
/* { dg-final { scan-deepmap-report-not "deepmap: hoist: '" } } */
#include <stdlib.h>
#include "check.h"

#define NZ 27
#define NX 30
static float A[NZ][NX], C[NZ][NX];

static void
true_arrays (void)
{
#pragma deepmap pipeline(static[2,2]) pipeline_map(to: A[k:1]) pipeline_map(tofrom: C[k:1])
  for (int k = 0; k < NZ; k++)
    {
#pragma omp target
      for (int i = 0; i < NX; i++)
	C[k][i] = A[k][i] + 1;
    }
}

#define IDX(i, j, k) (((size_t) (k) * ny + (j)) * nx + (i))

static void
whole_maps (const float *A0, float *An, int nx, int ny, int nz, int ch,
	    int st)
{
  size_t n = (size_t) nx * ny * nz;
#pragma deepmap pipeline(static[ch,st]) pipeline_map(to: A0[k-1:3][0:ny][0:nx]) pipeline_map(tofrom: An[k:1][0:ny][0:nx])
  for (int k = 1; k < nz - 1; k++)
    {
#pragma omp target teams distribute parallel for collapse(2) map(to: A0[0:n]) map(tofrom: An[0:n])
      for (int j = 1; j < ny - 1; j++)
	for (int i = 1; i < nx - 1; i++)
	  An[IDX (i, j, k)] = A0[IDX (i, j, k - 1)] + A0[IDX (i, j, k + 1)]
			      - 2 * A0[IDX (i, j, k)]
			      + A0[IDX (i, j - 1, k)] * 0.25f;
    }
}

int
main (void)
{
  for (int k = 0; k < NZ; k++)
    for (int i = 0; i < NX; i++)
      {
	A[k][i] = (float) (k * NX + i) / 7;
	C[k][i] = -7;
      }
  true_arrays ();
  for (int k = 0; k < NZ; k++)
    for (int i = 0; i < NX; i++)
      CHECK (C[k][i] == A[k][i] + 1, "C[%d][%d] is %g, not %g", k, i,
	     C[k][i], A[k][i] + 1);

  int nx = 10, ny = 9, nz = 25;
  size_t n = (size_t) nx * ny * nz;
  float *a = malloc (n * sizeof *a), *b = malloc (n * sizeof *b);
  float *r = malloc (n * sizeof *r);
  CHECK (a && b && r);
  for (size_t x = 0; x < n; x++)
    a[x] = (float) x / 3;
  for (int ch = 1; ch <= 7; ch += 3)
    for (int st = 1; st <= 4; st++)
      {
	for (size_t x = 0; x < n; x++)
	  b[x] = r[x] = (float) (x + 11) / 5;
	for (int k = 1; k < nz - 1; k++)
	  for (int j = 1; j < ny - 1; j++)
	    for (int i = 1; i < nx - 1; i++)
	      r[IDX (i, j, k)] = a[IDX (i, j, k - 1)] + a[IDX (i, j, k + 1)]
				 - 2 * a[IDX (i, j, k)]
				 + a[IDX (i, j - 1, k)] * 0.25f;
	whole_maps (a, b, nx, ny, nz, ch, st);
	for (size_t x = 0; x < n; x++)
	  CHECK (b[x] == r[x], "chunk %d streams %d: element %zu is %g, "
		 "not %g", ch, st, x, b[x], r[x]);
      }
  free (a);
  free (b);
  free (r);
  return 0;
}
