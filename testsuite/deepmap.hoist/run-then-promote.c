/* A function inlined twice into its caller: the caller's run of
   constructs starts with the first copy's loop, and the second copy's
   loop reloads the structure's pointers at each step, which hoisting
   computes once before that loop (load promotion) -- on a preheader
   edge where the run's enter data already waits.  This used to stop
   the compiler (gsi_insert_on_edge_immediate); the results must be the
   host's.  */
/* { dg-options "-fplugin-arg-deepmap-report" } */
#include <stdlib.h>
#include <string.h>

struct grid
{
  unsigned *a0;
  unsigned *a1;
};

static void
kern (struct grid *g, int n, int steps, unsigned *acc)
{
  for (int t = 0; t < steps; t++)
    {
#pragma omp target teams distribute parallel for map(tofrom: g->a1[0:n / 2])
      for (int i = 0; i < n / 2; i++)
	g->a1[i] += t;
#pragma omp target map(tofrom: g->a1[0:n], g->a0[0:n], acc[0:4])
      for (int i = 0; i < n; i++)
	acc[i % 4] += g->a1[i] + 2 * g->a0[i];
    }
}

static void
host (struct grid *g, int n, int steps, unsigned *acc)
{
  for (int t = 0; t < steps; t++)
    {
      for (int i = 0; i < n / 2; i++)
	g->a1[i] += t;
      for (int i = 0; i < n; i++)
	acc[i % 4] += g->a1[i] + 2 * g->a0[i];
    }
}

int
main (void)
{
  static unsigned buf[2][64], ref[2][64];
  unsigned acc[4] = { 0, 0, 0, 0 }, want[4] = { 0, 0, 0, 0 };
  for (int b = 0; b < 2; b++)
    for (int i = 0; i < 64; i++)
      buf[b][i] = ref[b][i] = b * 1000 + i * 7;
  struct grid gs = { buf[1], buf[0] }, hs = { ref[1], ref[0] };
  kern (&gs, 48, 3, acc);
  kern (&gs, 48, 3, acc);
  host (&hs, 48, 3, want);
  host (&hs, 48, 3, want);
  if (memcmp (acc, want, sizeof acc) || memcmp (buf, ref, sizeof buf))
    abort ();
  return 0;
}
