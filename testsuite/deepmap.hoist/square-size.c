/* NeoRodinia's lud (Offloading_P1): the construct in the loop maps the
   size n with map(to:) (so n lives in memory, and the loop loads it)
   beside a[0:n*n].  The size's computation names the loaded n twice;
   removing it once the loads are taken before the loop freed n's load
   with its first use and then read it again through the second (an
   ICE in the hoisting pass).  Results are the host's.  */
/* { dg-options "-fplugin-arg-deepmap-report" } */
#include <stdlib.h>

__attribute__ ((noinline)) static void
step (float *a, int n)
{
  for (int i = 0; i < n; i++)
    {
#pragma omp target map(to: n) map(tofrom: a[0:n*n])
      for (int j = 0; j < n * n; j++)
	a[j] += 1 + j % n;
    }
}

int
main (void)
{
  int n = 12;
  float *a = (float *) malloc (n * n * sizeof *a);
  for (int j = 0; j < n * n; j++)
    a[j] = j;
  step (a, n);
  for (int j = 0; j < n * n; j++)
    if (a[j] != j + n * (1 + j % n))
      abort ();
  free (a);
  return 0;
}

/* { dg-final { scan-deepmap-report "square-size.c:15:9: deepmap: hoist: 'a' kept on the device across the loop at square-size.c:13" } } */
