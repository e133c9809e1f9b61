/* Sections named through a structure's pointer fields (`g->u[0:n]'):
   GCC loads g->u again at every step, because it cannot tell that a
   construct leaves the field alone; nothing in the loop changes it, so
   the plugin loads it once before the loop and keeps both arrays on the
   device across it.  It moves what hand-placed `enter data map(to:
   g->u[0:n], g->v[0:n])' before the loop and the matching exit data
   after it move: the arrays once each way, and at each construct its
   small argument copies (the fields' device addresses, 3 per construct);
   naive: h2d 100 transfers 320800 bytes, d2h 40 transfers 320000 bytes.
   Results are those of the host.  */
/* { dg-options "-fplugin-arg-deepmap-report" } */
/* { dg-set-target-env-var DEEPMAP_STATS "1" } */
/* { dg-output "deepmap: device 0 \\((emu|cuda)\\): h2d 62 transfers 16800 bytes, d2h 2 transfers 16000 bytes" { target offload_device } } */
#include <stdlib.h>
#include "check.h"

struct grid
{
  long n;
  double *u, *v;
};

#define N 1000
#define STEPS 10

__attribute__ ((noinline)) static void
smooth (struct grid *g, int steps)
{
  long n = g->n;
  for (int t = 0; t < steps; t++)
    {
#pragma omp target teams distribute parallel for map(tofrom: g->u[0:n], g->v[0:n])
      for (long i = 1; i < n - 1; i++)
	g->v[i] = 0.5 * (g->u[i - 1] + g->u[i + 1]);
#pragma omp target teams distribute parallel for map(tofrom: g->u[0:n], g->v[0:n])
      for (long i = 1; i < n - 1; i++)
	g->u[i] = g->v[i];
    }
}

int
main (void)
{
  struct grid g = { N, calloc (N, sizeof (double)), calloc (N, sizeof (double)) };
  double *u = calloc (N, sizeof (double)), *v = calloc (N, sizeof (double));
  for (long i = 0; i < N; i++)
    g.u[i] = u[i] = i % 7;
  smooth (&g, STEPS);
  for (int t = 0; t < STEPS; t++)
    {
      for (long i = 1; i < N - 1; i++)
	v[i] = 0.5 * (u[i - 1] + u[i + 1]);
      for (long i = 1; i < N - 1; i++)
	u[i] = v[i];
    }
  for (long i = 0; i < N; i++)
    CHECK (g.u[i] == u[i] && g.v[i] == v[i], "i %ld", i);
  return 0;
}
/* { dg-final { scan-deepmap-report "member-pointer.c:32:9: deepmap: hoist: 'g->u' kept on the device across the loop at member-pointer.c:30" } } */
/* { dg-final { scan-deepmap-report "member-pointer.c:35:9: deepmap: hoist: 'g->v' kept on the device across the loop at member-pointer.c:30" } } */
