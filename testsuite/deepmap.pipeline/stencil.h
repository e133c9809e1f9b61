/* stencil.h -- the Parboil-style 7-point 3-D stencil of the pipelining
   tests: NX x NY x NZ floats, rows of the outermost dimension (k).  */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <deepmap.h>

#define IDX(i, j, k) (((size_t) (k) * ny + (j)) * nx + (i))

static const float c0 = 0.5f, c1 = 1.0f / 12;

/* One output point from rows k-1, k, k+1 of A0.  */
static inline float
stencil_point (const float *A0, int nx, int ny, int i, int j, int k)
{
  return c1 * (A0[IDX (i, j, k + 1)] + A0[IDX (i, j, k - 1)]
	       + A0[IDX (i, j + 1, k)] + A0[IDX (i, j - 1, k)]
	       + A0[IDX (i + 1, j, k)] + A0[IDX (i - 1, j, k)])
	 - A0[IDX (i, j, k)] * c0;
}

static void
stencil_init (float *a, float *b, int nx, int ny, int nz)
{
  for (size_t x = 0; x < (size_t) nx * ny * nz; x++)
    {
      a[x] = (float) ((x * 7919) % 1000) / 37.0f;
      b[x] = a[x];
    }
}

/* The host reference: TSTEPS sweeps, swapping the arrays.  */
static void
stencil_host (float *A0, float *An, int nx, int ny, int nz, int tsteps)
{
  for (int t = 0; t < tsteps; t++)
    {
      for (int k = 1; k < nz - 1; k++)
	for (int j = 1; j < ny - 1; j++)
	  for (int i = 1; i < nx - 1; i++)
	    An[IDX (i, j, k)] = stencil_point (A0, nx, ny, i, j, k);
      float *t2 = A0; A0 = An; An = t2;
    }
}

/* GOT against WANT, element by element: bit for bit where the device
   code is the host's (the emulated device), within float rounding where
   another compiler made it (nvptx contracts a * b + c into one fma, the
   host does not).  EXACT asks for bits everywhere: a pipelined result
   against a plain offload of the same kernel on the same device.  */
static int
stencil_compare_how (const float *got, const float *want, size_t n,
		     const char *what, int exact)
{
  const char *devs = getenv ("DEEPMAP_DEVICES");
  int rounding = !exact && devs && strstr (devs, "cuda");
  if (memcmp (got, want, n * sizeof (float)) == 0)
    return 0;
  for (size_t x = 0; x < n; x++)
    if (memcmp (&got[x], &want[x], sizeof (float)))
      {
	float d = got[x] - want[x];
	float m = want[x] < 0 ? -want[x] : want[x];
	if (rounding && (d < 0 ? -d : d) <= 1e-4f + 1e-5f * m)
	  continue;
	fprintf (stderr, "%s: element %zu is %.9g, expected %.9g%s\n", what,
		 x, got[x], want[x], rounding ? " (beyond rounding)" : "");
	return 1;
      }
  return 0;
}

static int
stencil_compare (const float *got, const float *want, size_t n,
		 const char *what)
{
  return stencil_compare_how (got, want, n, what, 0);
}

/* The pipelined sweep through the C API: A0[k-1:3] to the device,
   An[k:1] tofrom (the kernel leaves the boundary alone).  */
static inline void
stencil_sweep (float *A0, float *An, int nx, int ny, int nz, long chunk,
	       int streams, unsigned long long limit)
{
  struct deepmap_pipe_array a[2] = {
    { A0, (size_t) nx * ny * sizeof (float), 1, -1, 3, DEEPMAP_PIPE_TO,
      "A0" },
    { An, (size_t) nx * ny * sizeof (float), 1, 0, 1, DEEPMAP_PIPE_TOFROM,
      "Anext" } };
  void *p = deepmap_pipeline_begin (-1, 1, nz - 1, 1, chunk, streams, limit,
				    2, a);
  for (int k = 1; k < nz - 1; k++)
    {
      deepmap_pipeline_iter (p, k);
      #pragma omp target teams distribute parallel for collapse(2)
      for (int j = 1; j < ny - 1; j++)
	for (int i = 1; i < nx - 1; i++)
	  An[IDX (i, j, k)] = stencil_point (A0, nx, ny, i, j, k);
    }
  deepmap_pipeline_end (p);
}

/* The naive offload: whole arrays mapped around the loop.  */
static inline void
stencil_sweep_naive (float *A0, float *An, int nx, int ny, int nz)
{
  size_t n = (size_t) nx * ny * nz;
  #pragma omp target data map(to: A0[0:n]) map(tofrom: An[0:n])
  for (int k = 1; k < nz - 1; k++)
    {
      #pragma omp target teams distribute parallel for collapse(2)
      for (int j = 1; j < ny - 1; j++)
	for (int i = 1; i < nx - 1; i++)
	  An[IDX (i, j, k)] = stencil_point (A0, nx, ny, i, j, k);
    }
}

/* Fresh arrays A0, An and the host's result of one sweep, *WANT.  */
static inline size_t
stencil_setup (float **A0, float **An, float **want, int nx, int ny, int nz)
{
  size_t n = (size_t) nx * ny * nz;
  float *r0 = malloc (n * sizeof (float));
  *want = malloc (n * sizeof (float));
  *A0 = malloc (n * sizeof (float));
  *An = malloc (n * sizeof (float));
  if (!r0 || !*want || !*A0 || !*An)
    abort ();
  stencil_init (r0, *want, nx, ny, nz);
  stencil_host (r0, *want, nx, ny, nz, 1);
  stencil_init (*A0, *An, nx, ny, nz);
  free (r0);
  return n;
}

/* Run SWEEP (CHUNKS[V], STREAMS[V]) on fresh arrays for each of the NV
   variants and compare each result with WANT; nonzero if one differs.  */
static inline int
stencil_variants (void (*sweep) (float *, float *, int, int, int, int, int),
		  const int *chunks, const int *streams, unsigned nv,
		  float *A0, float *An, const float *want, int nx, int ny,
		  int nz)
{
  int bad = 0;
  for (unsigned v = 0; v < nv; v++)
    {
      char what[64];
      stencil_init (A0, An, nx, ny, nz);
      sweep (A0, An, nx, ny, nz, chunks[v], streams[v]);
      snprintf (what, sizeof what, "chunk %d, %d streams", chunks[v],
		streams[v]);
      bad |= stencil_compare (An, want, (size_t) nx * ny * nz, what);
    }
  return bad;
}
