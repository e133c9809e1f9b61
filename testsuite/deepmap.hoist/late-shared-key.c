/* The runtime enters a late section (one no construct maps on every path
   through the loop) right before the construct the plugin names for it,
   known by its outlined function.  Here one inline function's kernel is
   inlined twice into the loop, so both calls pass one outlined function:
   entering 'a' at either would enter it where the program maps only
   'b'.  The plugin then enters 'a' itself, under a flag, right before its
   own call.  Called with a length far past 'a' and no call for it, 'a'
   must never be mapped (the enter data would read far past its array).
   Results are the host's.  */
/* { dg-options "-fplugin-arg-deepmap-report" } */
/* { dg-set-target-env-var DEEPMAP_CHECK "1" } */
#include <stdlib.h>
#include "check.h"

static inline void
bump (double *p, long n)
{
#pragma omp target map(tofrom: p[0:n])
  for (long i = 0; i < n; i++)
    p[i] += 1;
}

__attribute__ ((noipa)) static void
shared_kernel (double *a, long na, double *b, long nb, int steps, int ok)
{
  for (int t = 0; t < steps; t++)
    {
      if (ok)
	bump (a, na);
      bump (b, nb);
    }
}

#define N 64
#define FAR (1L << 26)

int
main (void)
{
  /* 'b' first: a[0:FAR] then lies above it, not over it, so the loop's
     test that its sections do not overlap keeps them.  */
  double *b = (double *) calloc (N, sizeof *b);
  double *a = (double *) calloc (N, sizeof *a);
  shared_kernel (a, N, b, N, 3, 1);
  shared_kernel (a, FAR, b, N, 2, 0);
  for (int i = 0; i < N; i++)
    {
      CHECK (a[i] == 3, "a[%d] = %g", i, a[i]);
      CHECK (b[i] == 5, "b[%d] = %g", i, b[i]);
    }
  free (a);
  free (b);
  return 0;
}

/* { dg-final { scan-deepmap-report "late-shared-key.c:18:9: deepmap: hoist: 'a' kept on the device across the loop at late-shared-key.c:26 \\(enter data map\\(to\\), exit data map\\(from\\)\\)\[^\n\]*, entered at the first construct that maps it \\(no construct maps it on every path\\)" } } */
