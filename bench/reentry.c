/* reentry.c -- the cost of a target region over a deep structure that an
   enclosing enter data already holds: the list of N nodes, each with a
   counted array, mapped deeply by its head (built with the deepmap
   plugin), against the same region built without the plugin, which maps
   the head node alone (shallow: what the deep region cannot beat).

   Usage: reentry N ITERS -> prints "reentry n=N per_region_ms=..." for
   the median of ITERS regions after one warm-up.  DEEPMAP_DEEP_REPLAY
   (README) picks replay or the walk.  */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include "benchutil.h"
#include "deepmap.h"

struct node
{
  struct node *next;
  int n;
  double *v deepmap_counted_by (n);
};

int
main (int argc, char **argv)
{
  if (argc != 3)
    {
      fprintf (stderr, "usage: reentry N ITERS\n");
      return 2;
    }
  int n = atoi (argv[1]), iters = atoi (argv[2]);
  struct node *head = NULL;
  for (int i = 0; i < n; i++)
    {
      struct node *p = malloc (sizeof *p);
      p->n = 4;
      p->v = calloc (4, sizeof (double));
      p->next = head;
      head = p;
    }
#pragma omp target enter data map(to: head[0:1])
  double *t = malloc ((iters + 1) * sizeof *t);
  for (int r = 0; r <= iters; r++)
    {
      double t0 = bench_now_s ();
#pragma omp target map(tofrom: head[0:1])
      head->n = 4;
      t[r] = bench_now_s () - t0;
    }
#pragma omp target exit data map(from: head[0:1])
  printf ("reentry n=%d per_region_ms=%.4f\n", n,
	  bench_median (t + 1, iters) * 1e3);
  return 0;
}
