/* pipeline.c -- the paper's 7-point stencil, naive offload (whole
   arrays mapped around the loop of kernels) against #pragma deepmap
   pipeline.  Built with the deepmap plugin.

   Usage: pipeline naive|pipe NX NY NZ [CHUNK STREAMS]
   Prints "seconds" of one sweep (best of three, after a warm-up).  */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "benchutil.h"

#define IDX(i, j, k) (((size_t) (k) * ny + (j)) * nx + (i))

static inline float
point (const float *A0, int nx, int ny, int i, int j, int k)
{
  return (A0[IDX (i, j, k + 1)] + A0[IDX (i, j, k - 1)]
	  + A0[IDX (i, j + 1, k)] + A0[IDX (i, j - 1, k)]
	  + A0[IDX (i + 1, j, k)] + A0[IDX (i - 1, j, k)]) * (1.0f / 12)
	 - A0[IDX (i, j, k)] * 0.5f;
}

static void
naive (float *A0, float *An, int nx, int ny, int nz)
{
  size_t n = (size_t) nx * ny * nz;
  #pragma omp target enter data map(to: A0[0:n], An[0:n])
  for (int k = 1; k < nz - 1; k++)
    {
      #pragma omp target teams distribute parallel for collapse(2)
      for (int j = 1; j < ny - 1; j++)
	for (int i = 1; i < nx - 1; i++)
	  An[IDX (i, j, k)] = point (A0, nx, ny, i, j, k);
    }
  #pragma omp target exit data map(release: A0[0:n]) map(from: An[0:n])
}

static void
pipe (float *A0, float *An, int nx, int ny, int nz, int chunk, int streams)
{
  #pragma deepmap pipeline(static[chunk,streams]) pipeline_map(to: A0[k-1:3][0:ny][0:nx]) pipeline_map(tofrom: An[k:1][0:ny][0:nx])
  for (int k = 1; k < nz - 1; k++)
    {
      #pragma omp target teams distribute parallel for collapse(2)
      for (int j = 1; j < ny - 1; j++)
	for (int i = 1; i < nx - 1; i++)
	  An[IDX (i, j, k)] = point (A0, nx, ny, i, j, k);
    }
}

int
main (int argc, char **argv)
{
  if (argc < 5)
    {
      fprintf (stderr, "usage: %s naive|pipe NX NY NZ [CHUNK STREAMS]\n",
	       argv[0]);
      return 2;
    }
  int nx = atoi (argv[2]), ny = atoi (argv[3]), nz = atoi (argv[4]);
  int chunk = argc > 5 ? atoi (argv[5]) : 0;
  int streams = argc > 6 ? atoi (argv[6]) : 0;
  int is_pipe = !strcmp (argv[1], "pipe");
  size_t n = (size_t) nx * ny * nz;
  float *A0 = malloc (n * sizeof *A0), *An = malloc (n * sizeof *An);
  if (!A0 || !An)
    return 1;
  for (size_t x = 0; x < n; x++)
    A0[x] = An[x] = (float) (x % 1000);
  double best = 1e30;
  for (int rep = 0; rep < 4; rep++)
    {
      double t0 = bench_now_s ();
      if (is_pipe)
	pipe (A0, An, nx, ny, nz, chunk, streams);
      else
	naive (A0, An, nx, ny, nz);
      double t = bench_now_s () - t0;
      if (rep > 0 && t < best)
	best = t;
    }
  printf ("%.6f\n", best);
  return 0;
}
