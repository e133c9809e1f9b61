/* A from array whose iterations name rows with others between them
   (pipeline_map(from: D[2*k:1]), D[3*k+1:1]): the rows between were
   copied back from the slot with the named ones, from device memory
   nothing wrote, over the host's values (chunks of more than one
   iteration).  Only the named rows come back now.  */
/* { dg-require-effective-target offload_device_nonshared_as } */
#include <stdlib.h>
#include "check.h"

static void
run (float *D, float *E, int m, int nh, int chunk, int streams)
{
  #pragma deepmap pipeline(static[chunk,streams]) pipeline_map(from: D[2*k:1][0:m]) pipeline_map(from: E[3*k+1:1][0:m])
  for (int k = 0; k < nh; k++)
    {
      #pragma omp target teams distribute parallel for
      for (int i = 0; i < m; i++)
	{
	  D[(size_t) (2 * k) * m + i] = -1.0f - k;
	  E[(size_t) (3 * k + 1) * m + i] = -2.0f - k;
	}
    }
}

/* Row r of X (M floats each) is NAMED - r / EVERY where r % EVERY ==
   FIRST (the loop wrote it), else its value from before, OTHER + x.  */
static void
expect (const float *X, size_t n, int m, int every, int first, float named,
	float other, int chunk, int streams)
{
  for (size_t x = 0; x < n; x++)
    {
      size_t row = x / m;
      float want = (int) (row % every) == first
		   ? named - (float) (row / every) : other + x;
      CHECK (X[x] == want, "chunk %d streams %d: element %zu of the rows "
	     "every %d is %g, not %g", chunk, streams, x, every, X[x], want);
    }
}

int
main (void)
{
  int m = 5, nh = 11;
  size_t nd = (size_t) m * 2 * nh, ne = (size_t) m * (3 * nh + 1);
  float *D = malloc (nd * sizeof *D), *E = malloc (ne * sizeof *E);
  CHECK (D && E);
  for (int chunk = 1; chunk <= 4; chunk++)
    for (int streams = 2; streams <= 3; streams++)
      {
	for (size_t x = 0; x < nd; x++)
	  D[x] = 100.0f + x;
	for (size_t x = 0; x < ne; x++)
	  E[x] = 500.0f + x;
	run (D, E, m, nh, chunk, streams);
	expect (D, nd, m, 2, 0, -1.0f, 100.0f, chunk, streams);
	expect (E, ne, m, 3, 1, -2.0f, 500.0f, chunk, streams);
      }
  free (D);
  free (E);
  return 0;
}
