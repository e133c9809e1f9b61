/* The program's own static function named clock (<time.h> is not
   included, so the name is the program's), called between the kernels
   of a loop, writes the array they map.  Calls known by name (timers:
   clock, time (NULL), omp_get_wtime) are the library's only where the
   unit neither defines them nor makes them static; this one was taken
   for the C library's timer, the array was kept across it, and its
   writes were lost.  */
/* { dg-options "-fplugin-arg-deepmap-report" } */
#include <stdlib.h>
#include "check.h"

static double *g;

__attribute__ ((noinline)) static long
clock (void)
{
  g[0] += 10;
  return 0;
}

int
main (void)
{
  double *a = (double *) calloc (4, sizeof *a);
  CHECK (a != NULL);
  g = a;
  long t = 0;
  for (int s = 0; s < 3; s++)
    {
#pragma omp target map(tofrom: a[0:4])
      a[1] += a[0];
      t += clock ();
#pragma omp target map(tofrom: a[0:4])
      a[2] += 1;
    }
  CHECK (a[0] == 30 && a[1] == 30 && a[2] == 3 && t == 0,
	 "a = %g %g %g", a[0], a[1], a[2]);
  return 0;
}
