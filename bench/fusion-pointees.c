/* fusion-pointees.c -- a hand-written deep copy built with the plugin:
   enter data of an array of N structures (deep copy maps each s[i].p as
   one guessed element), then enter data of every s[i].p[0:M] by the
   program, each extending its guessed element (a fusion, which rewrites
   the attached pointers).  Prints "N seconds" for the N enter data of the
   pointees; checks the result with one region.  Build with
   -fplugin=deepmap; DEEPMAP_STATS=1 shows the transfer counts.  */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

#define M 64

struct s
{
  double *p;
};

int
main (int argc, char **argv)
{
  int n = argc > 1 ? atoi (argv[1]) : 4000;
  struct s *s = malloc (n * sizeof *s);
  if (!s)
    return 2;
  for (int i = 0; i < n; i++)
    {
      s[i].p = malloc (M * sizeof (double));
      if (!s[i].p)
	return 2;
      for (int j = 0; j < M; j++)
	s[i].p[j] = i;
    }
#pragma omp target enter data map(to: s[:n])
  double t0 = omp_get_wtime ();
  for (int i = 0; i < n; i++)
    {
#pragma omp target enter data map(to: s[i].p[:M])
    }
  double t = omp_get_wtime () - t0;
  double sum = 0;
#pragma omp target teams distribute parallel for reduction(+: sum) map(tofrom: sum)
  for (int i = 0; i < n; i++)
    sum += s[i].p[M - 1];
  if (sum != (double) n * (n - 1) / 2)
    {
      fprintf (stderr, "fusion-pointees: wrong sum %g\n", sum);
      return 1;
    }
  printf ("%d %.4f\n", n, t);
  return 0;
}
