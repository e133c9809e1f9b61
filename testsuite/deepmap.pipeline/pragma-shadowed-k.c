/* The split names the loop's own variable also where a variable of the
   same name is declared before the loop (the pragma was parsed before
   `for (int k ...)' declares its k, found the outer one, and every chunk
   used the rows of the outer k's value: silently wrong).  */
/* { dg-require-effective-target offload_device_nonshared_as } */
#include <stdlib.h>
#include "check.h"

int
main (void)
{
  int m = 10, nz = 20;
  size_t n = (size_t) m * nz;
  float *a = malloc (n * sizeof *a), *b = malloc (n * sizeof *b);
  float *r = malloc (n * sizeof *r);
  CHECK (a && b && r);
  for (size_t x = 0; x < n; x++)
    {
      a[x] = (float) x / 3;
      b[x] = r[x] = 1;
    }
  for (int kk = 1; kk < nz - 1; kk++)
    for (int i = 0; i < m; i++)
      r[(size_t) kk * m + i] = a[(size_t) (kk - 1) * m + i]
			       + a[(size_t) (kk + 1) * m + i];
  int k = 1;			/* an unrelated outer k */
  #pragma deepmap pipeline(static[3,2]) pipeline_map(to: a[k-1:3][0:m]) pipeline_map(tofrom: b[k:1][0:m])
  for (int k = 1; k < nz - 1; k++)
    {
      #pragma omp target teams distribute parallel for
      for (int i = 0; i < m; i++)
	b[(size_t) k * m + i] = a[(size_t) (k - 1) * m + i]
				+ a[(size_t) (k + 1) * m + i];
    }
  CHECK (k == 1);
  for (size_t x = 0; x < n; x++)
    CHECK (b[x] == r[x], "b[%zu] is %g, not %g", x, b[x], r[x]);
  free (a);
  free (b);
  free (r);
  return 0;
}
