/* fusionscale.c -- cost of fusing many separately mapped pieces: N
   elements of an array are each entered on their own (N blocks), then
   one target region maps the whole array, which fuses them into one
   block.  Prints "N seconds" for each N on the command line; checks the
   result.  See bench/run-fusionscale.sh.  */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

static double
run (long n)
{
  /* Stride 2: the pieces do not touch, so each stays a block of its own
     until the region fuses them.  */
  int *a = malloc (2 * n * sizeof *a);
  if (!a)
    exit (2);
  for (long i = 0; i < 2 * n; i++)
    a[i] = (int) i;
  for (long i = 0; i < n; i++)
    {
      int *p = &a[2 * i];
#pragma omp target enter data map(to: p[0:1])
    }
  double t0 = omp_get_wtime ();
#pragma omp target map(tofrom: a[0:2 * n])
  for (long i = 0; i < 2 * n; i++)
    a[i] += 1;
  double t = omp_get_wtime () - t0;
#pragma omp target exit data map(from: a[0:2 * n])
  for (long i = 0; i < 2 * n; i++)
    if (a[i] != (int) i + 1)
      {
	printf ("wrong result at %ld\n", i);
	exit (1);
      }
  free (a);
  return t;
}

int
main (int argc, char **argv)
{
  if (omp_get_num_devices () < 1)
    {
      printf ("no offload device\n");
      return 1;
    }
  for (int i = 1; i < argc; i++)
    {
      long n = atol (argv[i]);
      printf ("%ld %.6f\n", n, run (n));
      fflush (stdout);
    }
  return 0;
}
