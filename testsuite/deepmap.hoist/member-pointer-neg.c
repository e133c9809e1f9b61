/* Pointer fields a loop may not treat as fixed: the host swaps the two
   fields after each step (the arrays trade places through the
   structure), and a construct that runs only on some steps (its load
   of the field may not run before the loop ends, and nothing shows the
   object there before the loop).  Neither is loaded before the loop; a
   third function that reads the object first keeps the field's array.
   Results are those of the host.  */
/* { dg-options "-fplugin-arg-deepmap-report" } */
#include <stdlib.h>
#include "check.h"

struct grid
{
  long n;
  double *u, *v;
};

#define N 100

__attribute__ ((noinline)) static void
swap_steps (struct grid *g, int steps)
{
  long n = g->n;
  for (int t = 0; t < steps; t++)
    {
#pragma omp target teams distribute parallel for map(tofrom: g->u[0:n], g->v[0:n])
      for (long i = 1; i < n - 1; i++)
	g->v[i] = g->u[i] + 1;
      double *tmp = g->u;
      g->u = g->v;
      g->v = tmp;
    }
}

__attribute__ ((noinline)) static void
some_steps (struct grid *g, long n, int steps)
{
  for (int t = 0; t < steps; t++)
    if (t % 2)
      {
#pragma omp target teams distribute parallel for map(tofrom: g->u[0:n])
	for (long i = 0; i < n; i++)
	  g->u[i] += t;
      }
}

/* The same where the function read the object before the loop (g->n):
   the load of the field cannot trap, and nothing in the loop changes
   it: kept.  */
__attribute__ ((noinline)) static void
some_steps_read (struct grid *g, int steps)
{
  long n = g->n;
  for (int t = 0; t < steps; t++)
    if (t % 2)
      {
#pragma omp target teams distribute parallel for map(tofrom: g->u[0:n])
	for (long i = 0; i < n; i++)
	  g->u[i] += t;
      }
}

int
main (void)
{
  struct grid g = { N, calloc (N, sizeof (double)), calloc (N, sizeof (double)) };
  double *a = g.u, *b = g.v;
  swap_steps (&g, 5);
  /* a: 0, b: 1, a: 2, b: 3, a: 4 at the inner points; g.u ends on a.  */
  CHECK (g.u == b && g.v == a);
  for (long i = 1; i < N - 1; i++)
    CHECK (a[i] == 4 && b[i] == 5, "i %ld: %g %g", i, a[i], b[i]);
  some_steps (&g, N, 6);
  /* b gets 1 + 3 + 5 added.  */
  for (long i = 0; i < N; i++)
    CHECK (b[i] == (i == 0 || i == N - 1 ? 9 : 14), "i %ld: %g", i, b[i]);
  some_steps_read (&g, 6);
  for (long i = 0; i < N; i++)
    CHECK (b[i] == (i == 0 || i == N - 1 ? 18 : 23), "i %ld: %g", i, b[i]);
  return 0;
}
/* { dg-final { scan-deepmap-report "member-pointer-neg.c:26:9: deepmap: hoist: missed: '\[^'\]*' not kept on the device across the loop at member-pointer-neg.c:24 because its address or size is computed in the loop" } } */
/* { dg-final { scan-deepmap-report "member-pointer-neg.c:41:9: deepmap: hoist: missed: 'g->u' not kept on the device across the loop at member-pointer-neg.c:38 because its address or size is computed in the loop" } } */
/* { dg-final { scan-deepmap-report-not "member-pointer-neg.c:41:9: deepmap: hoist: 'g->u' kept" } } */
/* { dg-final { scan-deepmap-report "member-pointer-neg.c:57:9: deepmap: hoist: 'g->u' kept on the device across the loop at member-pointer-neg.c:54 \\(enter data map\\(to\\), exit data map\\(from\\)\\)" } } */
