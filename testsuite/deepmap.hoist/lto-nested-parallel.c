/* UoB-HPC's Jacobi tutorial, reduced, built with -flto: a target
   construct whose body is a nested parallel for.  In lto1 the parallel
   body can come after the function that holds the time loop, its body
   still in the object file: the plugin reads it in to see that it does
   not write the input a, which stays on the device across the loop
   (copied in once, never back).  Results are the host's.  */
/* { dg-options "-flto -fplugin-arg-deepmap-report" } */
/* { dg-set-target-env-var DEEPMAP_STATS "1" } */
/* { dg-final { scan-deepmap-report "lto-nested-parallel.c:29:9: deepmap: hoist: 'a' kept on the device across the loop at lto-nested-parallel.c:26 \\(enter data map\\(to\\), exit data map\\(release\\)\\)" } } */
#include <stdlib.h>
#include "check.h"

#define N 1000

int
main (void)
{
  double *a = (double *) malloc (N * sizeof (double));
  double *x = (double *) malloc (N * sizeof (double));
  double *y = (double *) malloc (N * sizeof (double)), *t;
  double hx[N], hy[N];
  for (int i = 0; i < N; ++i)
    a[i] = 0.5 + i % 3, x[i] = hx[i] = 1, y[i] = hy[i] = 0;
  int it = 0;
  double conv = 1e9;
  while (conv > 1e-6 && it < 100)
    {
      it++;
#pragma omp target map(tofrom: x[0:N], y[0:N]) map(to: a[0:N])
#pragma omp parallel for
      for (int i = 0; i < N; ++i)
	y[i] = 0.5 * a[i] * x[i];
      t = x, x = y, y = t;
      conv = x[0];
    }
  double *hp = hx, *hq = hy;
  for (int k = 0; k < it; k++)
    {
      for (int i = 0; i < N; ++i)
	hq[i] = 0.5 * a[i] * hp[i];
      double *s = hp;
      hp = hq, hq = s;
    }
  for (int i = 0; i < N; ++i)
    CHECK (x[i] == hp[i], "x[%d] = %g, host %g", i, x[i], hp[i]);
  free (a);
  free (x);
  free (y);
  return 0;
}
