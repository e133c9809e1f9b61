/* A pipeline_map split in the second dimension (the paper's tiled
   matrix multiply): C = A * B pipelined over column blocks of B and C,
   B[0:n][kb*bs:bs] to and C[0:n][kb*bs:bs] from, A mapped whole by an
   enclosing target data; one and several blocks per chunk, a partial
   last chunk, two to four streams.  Then a column stencil with a halo
   (D[0:n][k:3], to) and a tofrom column split.  Results bit-identical
   to the host's; one 2-D transfer per chunk and array.  */
/* { dg-require-effective-target offload_device_nonshared_as } */
/* { dg-set-target-env-var DEEPMAP_STATS "1" } */
/* A in 4 times, B in 6 + 3 + 2 + 1 chunks, C back as many; D and E in
   28 + 10 + 6 chunks each, E back as many, D's halos 27 + 9 + 5.  */
/* { dg-output "deepmap: device 0 \\((emu|cuda)\\): h2d 104 transfers 175296 bytes, d2h 56 transfers 87168 bytes, d2d 41 transfers 13120 bytes" } */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static inline double
dot (int n, const double (*A)[n], const double (*B)[n], int i, int j)
{
  double s = 0;
  for (int l = 0; l < n; l++)
    s += A[i][l] * B[l][j];
  return s;
}

static void
matmul (int n, int bs, int chunk, int streams, const double (*A)[n],
	const double (*B)[n], double (*C)[n])
{
  #pragma omp target data map(to: A[0:n][0:n])
  {
    #pragma deepmap pipeline(static[chunk,streams]) pipeline_map(to: B[0:n][kb*bs:bs]) pipeline_map(from: C[0:n][kb * bs:bs])
    for (int kb = 0; kb < n / bs; kb++)
      {
	#pragma omp target teams distribute parallel for map(to: A[0:n][0:n], B[0:n][0:n]) map(from: C[0:n][0:n])
	for (int i = 0; i < n; i++)
	  for (int j = kb * bs; j < kb * bs + bs; j++)
	    C[i][j] = dot (n, A, B, i, j);
      }
  }
}

#define M 20
#define W 30

/* E[i][k + 1] += D[i][k] + D[i][k + 2]: D's columns k .. k + 2 (a halo
   of two columns between chunks), E's k + 1 tofrom.  */
static void
columns (double (*D)[W], double (*E)[W], int chunk)
{
  #pragma deepmap pipeline(static[chunk,2]) pipeline_map(to: D[0:M][k:3]) pipeline_map(tofrom: E[0:M][k+1:1])
  for (int k = 0; k < W - 2; k++)
    {
      #pragma omp target
      for (int i = 0; i < M; i++)
	E[i][k + 1] += D[i][k] + D[i][k + 2];
    }
}

int
main (void)
{
  enum { N = 48, BS = 8 };
  static double A[N][N], B[N][N], C[N][N], want[N][N];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      {
	A[i][j] = (i * 7 + j * 3) % 11 - 5;
	B[i][j] = (i * 5 + j * 13) % 9 - 4;
      }
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      want[i][j] = dot (N, A, B, i, j);
  static const int chunks[] = { 1, 2, 4, 6 }, streams[] = { 3, 2, 4, 2 };
  int bad = 0;
  for (int v = 0; v < 4; v++)
    {
      memset (C, 0, sizeof C);
      matmul (N, BS, chunks[v], streams[v], A, B, C);
      if (memcmp (C, want, sizeof C))
	{
	  fprintf (stderr, "matmul: chunk %d, %d streams: wrong\n", chunks[v],
		   streams[v]);
	  bad = 1;
	}
    }

  static double D[M][W], E[M][W], Ewant[M][W];
  for (int chunk = 1; chunk <= 5; chunk += 2)
    {
      for (int i = 0; i < M; i++)
	for (int j = 0; j < W; j++)
	  D[i][j] = E[i][j] = Ewant[i][j] = i * W + j;
      for (int k = 0; k < W - 2; k++)
	for (int i = 0; i < M; i++)
	  Ewant[i][k + 1] += D[i][k] + D[i][k + 2];
      columns (D, E, chunk);
      if (memcmp (E, Ewant, sizeof E))
	{
	  fprintf (stderr, "columns: chunk %d: wrong\n", chunk);
	  bad = 1;
	}
    }
  if (bad)
    abort ();
  return 0;
}
