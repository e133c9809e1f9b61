/* Report names of sections that start inside an array: '&a[4]' for a
   constant start, '&b[lo]' for a variable one.  */
/* { dg-options "-fplugin-arg-deepmap-report" } */
#include <stdlib.h>

__attribute__ ((noipa)) void
shifted (double *a, double *b, int n, int lo, int steps)
{
  for (int t = 0; t < steps; t++)
    {
#pragma omp target teams distribute parallel for map(tofrom: a[4:n - 8])
      for (int i = 4; i < n - 4; i++)
	a[i] += 1;
#pragma omp target teams distribute parallel for map(tofrom: b[lo:n - 2 * lo])
      for (int i = lo; i < n - lo; i++)
	b[i] *= 2;
    }
}

int
main (void)
{
  int n = 100;
  double *a = (double *) calloc (n, sizeof *a);
  double *b = (double *) calloc (n, sizeof *b);
  for (int i = 0; i < n; i++)
    b[i] = i;
  shifted (a, b, n, 3, 5);
  for (int i = 0; i < n; i++)
    if (a[i] != (i >= 4 && i < n - 4 ? 5 : 0)
	|| b[i] != (i >= 3 && i < n - 3 ? i * 32.0 : i))
      abort ();
  return 0;
}

/* { dg-final { scan-deepmap-report "name-offset.c:11:9: deepmap: hoist: '&a\\\[4\\\]' kept on the device across the loop at name-offset.c:9" } } */
/* { dg-final { scan-deepmap-report "name-offset.c:14:9: deepmap: hoist: '&b\\\[lo\\\]' kept on the device across the loop at name-offset.c:9" } } */
