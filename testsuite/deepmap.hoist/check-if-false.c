/* DEEPMAP_CHECK with a kept loop whose constructs' if clause is false:
   they run on the host, which changes the host bytes between the
   hoisted enter and exit data (both no-ops then).  That is no missed
   host access: the check must not stop the program.  The same loop with
   the clause true is checked as usual.  */
/* { dg-options "-fplugin-arg-deepmap-report" } */
/* { dg-set-target-env-var DEEPMAP_CHECK "1" } */
#include <stdlib.h>

#define N 256

__attribute__ ((noinline)) static void
sweep (double *a, int n, int steps, int device)
{
  for (int t = 0; t < steps; t++)
    {
#pragma omp target teams distribute parallel for map(tofrom: a[0:n]) if (device)
      for (int i = 0; i < n; i++)
	a[i] = 0.5 * a[i] + t;
#pragma omp target teams distribute parallel for map(tofrom: a[0:n]) if (device)
      for (int i = 0; i < n; i++)
	a[i] += i;
    }
}

int
main (void)
{
  double *a = malloc (N * sizeof *a), *b = malloc (N * sizeof *b);
  for (int i = 0; i < N; i++)
    a[i] = b[i] = i % 7;
  sweep (a, N, 5, 1);
  sweep (b, N, 5, 0);
  for (int i = 0; i < N; i++)
    if (a[i] != b[i])
      abort ();
  return 0;
}

/* { dg-final { scan-deepmap-report "check-if-false.c:17:9: deepmap: hoist: 'a' kept on the device across the loop at check-if-false.c:15" } } */
