/* declaretarget.c -- declare target variables that are large: one array
   of N x N floats that every region reaches by name, as OpenMP
   Examples' declare_target.4 and .5 do.

   Usage: declaretarget CASE
     update   the host fills the array, a target update sends it, one
              region sums a column of products through it
     bss      the array is never written: one region sums over it
   Prints "case=CASE seconds=S result=R": S covers the whole program's
   work after start-up (fill, update, region), as a user times it.  */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define N 10000

#pragma omp declare target
float table[N][N];

static float
cell_product (int i, int k)
{
  return table[i][k] * table[k][i];
}
#pragma omp end declare target

static float
column_sum (int k, int m)
{
  float total = 0;
#pragma omp target map(tofrom: total)
#pragma omp parallel for reduction(+: total)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < m; j++)
      total += cell_product (i, (k + j) % N);
  return total;
}

int
main (int argc, char **argv)
{
  const char *c = argc > 1 ? argv[1] : "";
  double t0 = omp_get_wtime ();
  float r;
  if (!strcmp (c, "update"))
    {
      for (int i = 0; i < N; i++)
	for (int j = 0; j < N; j++)
	  table[i][j] = (float) ((i + 2 * j) % 11);
#pragma omp target update to(table)
      r = column_sum (7, 1);
    }
  else if (!strcmp (c, "bss"))
    r = column_sum (0, 64);
  else
    {
      fprintf (stderr, "usage: declaretarget update|bss\n");
      return 2;
    }
  printf ("case=%s seconds=%.4f result=%.1f\n", c, omp_get_wtime () - t0,
	  (double) r);
  return 0;
}
