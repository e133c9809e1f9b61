/* A region whose loop a cancel construct may leave (OMP_CANCELLATION=
   true) does not store every element: the item is copied in as
   written, and the elements the cancelled iterations did not store keep
   their values.  Before, the item was taken as stored in full (not
   copied in), and those elements came back from the device's memory
   (an adversarial review).  The same loop without the cancel is stored
   in full.  Hoisting is off: every construct maps its own data.  */
/* { dg-options "-fplugin-arg-deepmap-report -fplugin-arg-deepmap-hoist=off" } */
/* { dg-set-target-env-var OMP_CANCELLATION "true" } */
#include <omp.h>
#include <stdlib.h>
#include "check.h"

#define N 1000

int
main (void)
{
  double *out = (double *) malloc (N * sizeof *out);
  double *all = (double *) malloc (N * sizeof *all);
  for (int i = 0; i < N; i++)
    out[i] = all[i] = -1;
  int stop = 10;
#pragma omp target map(tofrom: out[0:N]) map(to: stop)
#pragma omp parallel
#pragma omp for
  for (int i = 0; i < N; i++)
    {
      if (i >= stop)
	{
#pragma omp cancel for
	}
      out[i] = i;
    }
#pragma omp target map(tofrom: all[0:N])
#pragma omp parallel
#pragma omp for
  for (int i = 0; i < N; i++)
    all[i] = i;
  /* Whether a thread stops at once or runs on to a cancellation point,
     what it did not store is -1.  */
  for (int i = 0; i < N; i++)
    {
      CHECK (out[i] == i || (out[i] == -1 && i >= stop), "out[%d] = %g", i,
	     out[i]);
      CHECK (all[i] == i, "all[%d] = %g", i, all[i]);
    }
  if (omp_get_cancellation ())
    {
      int unstored = 0;
      for (int i = 0; i < N; i++)
	unstored += out[i] == -1;
      CHECK (unstored > 0, "the loop was not cancelled");
    }
  free (out);
  free (all);
  return 0;
}

/* { dg-final { scan-deepmap-report-not "overwrite-cancel.c:24:9: deepmap: target: '\\*out' is stored to in full" } } */
/* { dg-final { scan-deepmap-report "overwrite-cancel.c:35:9: deepmap: target: '\\*all' is stored to in full before it is read" } } */
