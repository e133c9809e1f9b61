/* XSBench's shape: the sizes of the sections a time loop's construct
   maps are members of a structure the construct maps as a deep item
   (implicitly: the kernel reads it), and GCC loads them again after
   each construct.  What the deep item points to comes back too, but no
   pointer reaches a variable whose address goes only to constructs'
   argument arrays: the sizes are read once before the loop, and the
   sections are kept across it.  The structure's `char *' points to a
   string literal, which the copy back leaves alone (hostmem.c).  */
/* { dg-options "-fplugin-arg-deepmap-report -w" } */
/* { dg-set-target-env-var DEEPMAP_CHECK "1" } */
/* { dg-output "622500" { target offload_device } } */
/* { dg-final { scan-deepmap-report "deep-member-size.c:\[0-9\]+:\[0-9\]+: deepmap: hoist: 'grid' kept on the device across the loop" } } */
/* { dg-final { scan-deepmap-report "deep-member-size.c:\[0-9\]+:\[0-9\]+: deepmap: hoist: 'verification' kept on the device across the loop" } } */
#include <stdio.h>
#include <stdlib.h>
#include "deepmap.h"
struct inputs
{
  long lookups;
  int repeat;
  char *name;
};

__attribute__ ((noinline)) static void
run (struct inputs in, double *grid)
{
  int *verification = (int *) malloc (in.lookups * sizeof (int));
  for (int n = 0; n < in.repeat; n++)
    {
#pragma omp target teams distribute parallel for map(tofrom: grid[:in.lookups]) map(tofrom: verification[:in.lookups])
      for (long i = 0; i < in.lookups; i++)
	verification[i] = (int) grid[i] + n + in.name[0];
    }
  long s = 0;
  for (long i = 0; i < in.lookups; i++)
    s += verification[i];
  printf ("%ld\n", s);
  free (verification);
}

int
main (void)
{
  struct inputs in = { 1000, 4, (char *) "x" };
  double *grid = (double *) malloc (1000 * sizeof (double));
  for (int i = 0; i < 1000; i++)
    grid[i] = i;
  run (in, grid);
  return 0;
}
