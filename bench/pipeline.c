/* pipeline.c -- the pipelining paper's three applications, naive offload
   (whole arrays mapped around the loop of kernels) against #pragma
   deepmap pipeline.  Built with the deepmap plugin.

   stencil  Parboil's 7-point 3-D stencil: plane k of An from planes
	    k-1..k+1 of A0 (split in the first dimension, a halo).
   conv3d   Polybench's 3-D convolution: plane i of B from planes
	    i-1..i+1 of A, 15 weighted neighbours (likewise).
   matmul   tiled matrix multiplication, C = A B by column blocks of A:
	    C += A[0:n][kb*bs:bs] B[kb*bs:bs][0:n] (A split in the second
	    dimension: one 2-D strided copy per chunk; B split by rows; C
	    resident).

   The kernels are written as a GPU programmer would, teams over the
   outer index and a contiguous inner loop, which the host compiler can
   vectorise: the emulated device runs them on the host.  Built with
   -DPIPE_GPU_KERNELS, both loop levels are parallel (collapse(2)), matmul
   gives each thread one element of C, and the stencils' loops are also
   simd (GCC's nvptx code runs an OpenMP thread per warp and uses the
   warp's 32 lanes only for simd loops), as GPU code is written: on a real GPU the
   kernels then take less time than the copies, the case pipelining is
   for.

   Usage: pipeline APP naive|pipe N1 N2 N3 [CHUNK STREAMS]
	    stencil, conv3d: N1 N2 N3 the grid (fastest index first);
	    matmul: N1 = n, N2 = block columns, N3 unused.
   Prints "seconds" of one run (best of three, after a warm-up), then
   "check" and a checksum of the result.  */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "benchutil.h"

/* The target construct of every kernel below.  */
#ifdef PIPE_GPU_KERNELS
# define PIPE_KERNEL \
  _Pragma ("omp target teams distribute parallel for simd collapse(2)")
#else
# define PIPE_KERNEL _Pragma ("omp target teams distribute parallel for")
#endif

/* ---- stencil ----------------------------------------------------------- */

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
stencil_naive (float *A0, float *An, int nx, int ny, int nz)
{
  size_t n = (size_t) nx * ny * nz;
  #pragma omp target enter data map(to: A0[0:n], An[0:n])
  for (int k = 1; k < nz - 1; k++)
    {
      PIPE_KERNEL
      for (int j = 1; j < ny - 1; j++)
	for (int i = 1; i < nx - 1; i++)
	  An[IDX (i, j, k)] = point (A0, nx, ny, i, j, k);
    }
  #pragma omp target exit data map(release: A0[0:n]) map(from: An[0:n])
}

static void
stencil_pipe (float *A0, float *An, int nx, int ny, int nz, int chunk,
	      int streams)
{
  #pragma deepmap pipeline(static[chunk,streams]) pipeline_map(to: A0[k-1:3][0:ny][0:nx]) pipeline_map(tofrom: An[k:1][0:ny][0:nx])
  for (int k = 1; k < nz - 1; k++)
    {
      PIPE_KERNEL
      for (int j = 1; j < ny - 1; j++)
	for (int i = 1; i < nx - 1; i++)
	  An[IDX (i, j, k)] = point (A0, nx, ny, i, j, k);
    }
}

/* ---- conv3d ------------------------------------------------------------ */

/* A[i][j][k] with k fastest: NK, NJ, NI = N1, N2, N3.  */
#define C3(i, j, k) (((size_t) (i) * nj + (j)) * nk + (k))

static inline float
conv (const float *A, int nj, int nk, int i, int j, int k)
{
  const float c11 = +2, c21 = +5, c31 = -8, c12 = -3, c22 = +6, c32 = -9,
	      c13 = +4, c23 = +7, c33 = +10;
  return c11 * A[C3 (i - 1, j - 1, k - 1)] + c13 * A[C3 (i + 1, j - 1, k - 1)]
	 + c21 * A[C3 (i - 1, j - 1, k - 1)] + c23 * A[C3 (i + 1, j - 1, k - 1)]
	 + c31 * A[C3 (i - 1, j - 1, k - 1)] + c33 * A[C3 (i + 1, j - 1, k - 1)]
	 + c12 * A[C3 (i, j - 1, k)] + c22 * A[C3 (i, j, k)]
	 + c32 * A[C3 (i, j + 1, k)] + c11 * A[C3 (i - 1, j - 1, k + 1)]
	 + c13 * A[C3 (i + 1, j - 1, k + 1)] + c21 * A[C3 (i - 1, j, k + 1)]
	 + c23 * A[C3 (i + 1, j, k + 1)] + c31 * A[C3 (i - 1, j + 1, k + 1)]
	 + c33 * A[C3 (i + 1, j + 1, k + 1)];
}

static void
conv3d_naive (float *A, float *B, int nk, int nj, int ni)
{
  size_t n = (size_t) nk * nj * ni;
  #pragma omp target enter data map(to: A[0:n], B[0:n])
  for (int i = 1; i < ni - 1; i++)
    {
      PIPE_KERNEL
      for (int j = 1; j < nj - 1; j++)
	for (int k = 1; k < nk - 1; k++)
	  B[C3 (i, j, k)] = conv (A, nj, nk, i, j, k);
    }
  #pragma omp target exit data map(release: A[0:n]) map(from: B[0:n])
}

static void
conv3d_pipe (float *A, float *B, int nk, int nj, int ni, int chunk,
	     int streams)
{
  #pragma deepmap pipeline(static[chunk,streams]) pipeline_map(to: A[i-1:3][0:nj][0:nk]) pipeline_map(tofrom: B[i:1][0:nj][0:nk])
  for (int i = 1; i < ni - 1; i++)
    {
      PIPE_KERNEL
      for (int j = 1; j < nj - 1; j++)
	for (int k = 1; k < nk - 1; k++)
	  B[C3 (i, j, k)] = conv (A, nj, nk, i, j, k);
    }
}

/* ---- matmul ------------------------------------------------------------ */

/* C[i][0:n] += A[i][kb*bs:bs] B[kb*bs:bs][0:n] for every row i.  */
#pragma omp declare target
static inline void
block_product (int n, int bs, int kb, const float (*A)[n],
	       const float (*B)[n], float (*C)[n], int i)
{
  for (int l = kb * bs; l < kb * bs + bs; l++)
    {
      float a = A[i][l];
      for (int j = 0; j < n; j++)
	C[i][j] += a * B[l][j];
    }
}

/* C[i][j] += A[i][kb*bs:bs] . B[kb*bs:bs][j]: one element per thread.  */
static inline void
block_element (int n, int bs, int kb, const float (*A)[n],
	       const float (*B)[n], float (*C)[n], int i, int j)
{
  float s = 0;
  for (int l = kb * bs; l < kb * bs + bs; l++)
    s += A[i][l] * B[l][j];
  C[i][j] += s;
}
#pragma omp end declare target

/* The kernel for block column KB.  */
#ifdef PIPE_GPU_KERNELS
/* Without simd: GCC 12's nvptx code for this one ran 2.5 times slower
   with it on an H100 (bench/results/pipeline-cuda-2026-11-26-h100.txt).  */
# define MATMUL_KERNEL(n, bs, kb, A, B, C) \
  _Pragma ("omp target teams distribute parallel for collapse(2)") \
  for (int i = 0; i < n; i++) \
    for (int j = 0; j < n; j++) \
      block_element (n, bs, kb, A, B, C, i, j)
#else
# define MATMUL_KERNEL(n, bs, kb, A, B, C) \
  PIPE_KERNEL \
  for (int i = 0; i < n; i++) \
    block_product (n, bs, kb, A, B, C, i)
#endif

static void
matmul_naive (int n, int bs, const float (*A)[n], const float (*B)[n],
	      float (*C)[n])
{
  #pragma omp target enter data map(to: A[0:n][0:n], B[0:n][0:n], C[0:n][0:n])
  for (int kb = 0; kb < n / bs; kb++)
    {
      MATMUL_KERNEL (n, bs, kb, A, B, C);
    }
  #pragma omp target exit data map(release: A[0:n][0:n], B[0:n][0:n]) map(from: C[0:n][0:n])
}

static void
matmul_pipe (int n, int bs, const float (*A)[n], const float (*B)[n],
	     float (*C)[n], int chunk, int streams)
{
  #pragma omp target data map(tofrom: C[0:n][0:n])
  {
    #pragma deepmap pipeline(static[chunk,streams]) pipeline_map(to: A[0:n][kb*bs:bs]) pipeline_map(to: B[kb*bs:bs][0:n])
    for (int kb = 0; kb < n / bs; kb++)
      {
	MATMUL_KERNEL (n, bs, kb, A, B, C);
      }
  }
}

/* ---- driver ------------------------------------------------------------ */

int
main (int argc, char **argv)
{
  if (argc < 6)
    {
      fprintf (stderr, "usage: %s stencil|conv3d|matmul naive|pipe N1 N2 N3 "
	       "[CHUNK STREAMS]\n", argv[0]);
      return 2;
    }
  const char *app = argv[1];
  int is_pipe = !strcmp (argv[2], "pipe");
  int n1 = atoi (argv[3]), n2 = atoi (argv[4]), n3 = atoi (argv[5]);
  int chunk = argc > 6 ? atoi (argv[6]) : 0;
  int streams = argc > 7 ? atoi (argv[7]) : 0;
  int mm = !strcmp (app, "matmul");
  if (!mm && strcmp (app, "stencil") && strcmp (app, "conv3d"))
    {
      fprintf (stderr, "pipeline: unknown application '%s'\n", app);
      return 2;
    }
  if (mm && (n2 < 1 || n1 % n2))
    {
      fprintf (stderr, "pipeline: matmul: the block (%d) must divide n "
	       "(%d)\n", n2, n1);
      return 2;
    }
  size_t n = mm ? (size_t) n1 * n1 : (size_t) n1 * n2 * n3;
  float *X = malloc (n * sizeof *X), *Y = malloc (n * sizeof *Y);
  float *Z = mm ? malloc (n * sizeof *Z) : NULL;
  if (!X || !Y || (mm && !Z))
    return 1;
  for (size_t x = 0; x < n; x++)
    {
      X[x] = (float) (x % 1000) / 1000;
      Y[x] = (float) (x % 997) / 997;
    }
  double best = 1e30;
  for (int rep = 0; rep < 4; rep++)
    {
      if (mm)
	memset (Z, 0, n * sizeof *Z);
      double t0 = bench_now_s ();
      if (mm && is_pipe)
	matmul_pipe (n1, n2, (const float (*)[n1]) X, (const float (*)[n1]) Y,
		     (float (*)[n1]) Z, chunk, streams);
      else if (mm)
	matmul_naive (n1, n2, (const float (*)[n1]) X,
		      (const float (*)[n1]) Y, (float (*)[n1]) Z);
      else if (!strcmp (app, "stencil") && is_pipe)
	stencil_pipe (X, Y, n1, n2, n3, chunk, streams);
      else if (!strcmp (app, "stencil"))
	stencil_naive (X, Y, n1, n2, n3);
      else if (is_pipe)
	conv3d_pipe (X, Y, n1, n2, n3, chunk, streams);
      else
	conv3d_naive (X, Y, n1, n2, n3);
      double t = bench_now_s () - t0;
      if (rep > 0 && t < best)
	best = t;
    }
  /* The result, so that the script can compare pipelined with naive.  */
  const float *R = mm ? Z : Y;
  double sum = 0;
  for (size_t x = 0; x < n; x++)
    sum += R[x] * (double) ((x % 7) + 1);
  printf ("%.6f\ncheck %.9g\n", best, sum);
  return 0;
}
