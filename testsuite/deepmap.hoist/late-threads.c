/* The runtime enters a late section (one no construct maps on every path
   through the loop) right before its first construct: that of the
   thread that runs the loop.  Two threads run the same loop: one maps
   'a' on each step; the other, called with a length far past 'b', never
   maps 'b' and waits inside its loop until the first is done.  The first
   thread's kernels must not enter the second's 'b' (the enter data would
   read far past its array).  Results are the host's.  */
/* { dg-options "-fplugin-arg-deepmap-report" } */
/* { dg-set-target-env-var DEEPMAP_CHECK "1" } */
#include <omp.h>
#include <stdlib.h>
#include "check.h"

/* Not atomics: the plugin takes those for synchronization with other
   threads, across which it keeps nothing.  Globals, not shared locals:
   GCC 12 loads a volatile shared variable of a parallel region once
   before a loop.  */
static volatile int waiting, done;

__attribute__ ((noipa)) static void
steps_or_wait (double *a, long n, int steps, int ok)
{
  for (int t = 0; t < steps; t++)
    if (ok)
      {
#pragma omp target map(tofrom: a[0:n])
	for (long i = 0; i < n; i++)
	  a[i] += 1;
      }
    else
      {
	waiting = 1;
	while (!done)
	  ;
      }
}

#define N 64
#define FAR (1L << 26)

int
main (void)
{
  double *a = (double *) calloc (N, sizeof *a);
  double *b = (double *) calloc (N, sizeof *b);
  int both = 0;
#pragma omp parallel num_threads (2)
  if (omp_get_num_threads () == 2)
    {
      if (omp_get_thread_num () == 0)
	steps_or_wait (b, FAR, 1, 0);
      else
	{
	  while (!waiting)
	    ;
	  steps_or_wait (a, N, 3, 1);
	  done = 1;
	  both = 1;
	}
    }
  if (!both)
    steps_or_wait (a, N, 3, 1);
  for (int i = 0; i < N; i++)
    {
      CHECK (a[i] == 3, "a[%d] = %g", i, a[i]);
      CHECK (b[i] == 0, "b[%d] = %g", i, b[i]);
    }
  free (a);
  free (b);
  return 0;
}

/* { dg-final { scan-deepmap-report "late-threads.c:26:9: deepmap: hoist: 'a' kept on the device across the loop at late-threads.c:23 \\(enter data map\\(to\\), exit data map\\(from\\)\\)\[^\n\]*, entered at the first construct that maps it \\(no construct maps it on every path\\)" } } */
