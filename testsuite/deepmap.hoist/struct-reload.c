/* The C form of cxx-member-reload.C: a step function offloads the arrays
   of the structure it is given, and a loop calls it on a structure of
   its own.  Once the call is inlined, GCC keeps g.u, g.v and g.n of the
   previous step in PHIs and reloads them at the end of each step, as
   the construct might change them; nothing in the loop does, and before
   it they hold what main stored.  So the plugin uses those values and
   keeps u and v on the device across the loop: u copied in and out
   once, v in once, instead of 40 times (v, mapped to, is kept although
   the kernel stores through g->u: the loads of each pointer field are
   asked apart, see cxx-member-reload.C).
   The second loop changes g.u on the host half way: there the reloaded
   value is not the stored one, and u is mapped by each step as written.
   Results are those of the host.  */
/* { dg-options "-fplugin-arg-deepmap-report -w" } */
/* { dg-set-target-env-var DEEPMAP_STATS "1" } */
/* { dg-output "deepmap: device 0 \\((emu|cuda)\\): h2d 322 transfers 659200 bytes, d2h 41 transfers 328000 bytes" { target offload_device } } */
#include <stdlib.h>
#include "check.h"

struct grid
{
  long n;
  double *u, *v;
};

static inline void
step (struct grid *g, int t)
{
#pragma omp target teams distribute parallel for map(tofrom: g->u[0:g->n]) map(to: g->v[0:g->n])
  for (long i = 0; i < g->n; i++)
    g->u[i] = 0.5 * g->u[i] + g->v[i] + t;
}

static void
expect (const double *u, long n, int from, int to)
{
  for (long i = 0; i < n; i++)
    {
      double x = 0;
      for (int t = from; t < to; t++)
	x = 0.5 * x + i + t;
      CHECK (u[i] == x, "u[%ld] = %g, not %g", i, u[i], x);
    }
}

int
main (void)
{
  const long n = 1000;
  struct grid g;
  g.n = n;
  g.u = calloc (n, sizeof (double));
  g.v = malloc (n * sizeof (double));
  double *w = calloc (n, sizeof (double));
  for (long i = 0; i < n; i++)
    g.v[i] = i;
  for (int t = 0; t < 40; t++)
    step (&g, t);
  expect (g.u, n, 0, 40);
  /* Host changes of g.u inside the loop: the new array from step 20.  */
  double *u0 = g.u;
  for (long i = 0; i < n; i++)
    u0[i] = 0;
  for (int t = 0; t < 40; t++)
    {
      if (t == 20)
	g.u = w;
      step (&g, t);
    }
  expect (u0, n, 0, 20);
  expect (w, n, 20, 40);
  free (u0);
  free (w);
  free (g.v);
  return 0;
}

/* { dg-final { scan-deepmap-report "struct-reload.c:29:9: deepmap: hoist: 'g.u' kept on the device across the loop at struct-reload.c:57 \\(enter data map\\(to\\), exit data map\\(from\\)\\)" } } */
/* { dg-final { scan-deepmap-report "struct-reload.c:29:9: deepmap: hoist: 'g.v' kept on the device across the loop at struct-reload.c:57 \\(enter data map\\(to\\), exit data map\\(release\\)\\)" } } */
/* { dg-final { scan-deepmap-report "struct-reload.c:29:9: deepmap: hoist: missed: '\[^'\]+' not kept on the device across the loop at struct-reload.c:64 because its address or size is computed in the loop" } } */
