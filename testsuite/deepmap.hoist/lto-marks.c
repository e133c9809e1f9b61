/* Built with -flto: lto1 reads back the site tables the compile step
   emitted, so hoisting there sees the marks the runtime is told of.
   OUT, stored to in full by the first construct of each step, is
   copied in by no one (the overwrite mark); the structure G, a deep
   item every construct maps tofrom in a loop of nothing else, is kept
   whole, with what it points to.  Results are the host's.  */
/* { dg-options "-flto -fplugin-arg-deepmap-report" } */
/* { dg-set-target-env-var DEEPMAP_STATS "1" } */
/* in, out and the structure with its array in once (8000 + 8000 + 16
   bytes: out not), out and the structure back once.  */
/* { dg-output "deepmap: device 0 \\((emu|cuda)\\): h2d 2 transfers 16016 bytes, d2h 2 transfers 16016 bytes" { target offload_device } } */
/* { dg-final { scan-deepmap-report "lto-marks.c:\[0-9\]+:\[0-9\]+: deepmap: hoist: 'out' kept on the device across the loop at lto-marks.c:\[0-9\]+ .*not copied in if the first construct to use it stores to all of it" } } */
/* { dg-final { scan-deepmap-report "lto-marks.c:\[0-9\]+:\[0-9\]+: deepmap: hoist: 'g' kept on the device across the loop at lto-marks.c:\[0-9\]+ .*with everything it points to \\(deep\\)" } } */
#include <stdio.h>
#include <stdlib.h>
#include "deepmap.h"

#define N 1000

struct vec
{
  int n;
  double *v deepmap_counted_by (n);
};

__attribute__ ((noinline)) static void
scale (const double *in, double *out, int n, int steps)
{
  for (int t = 0; t < steps; t++)
    {
#pragma omp target teams distribute parallel for map(tofrom: out[0:n]) map(to: in[0:n])
      for (int i = 0; i < n; i++)
	out[i] = in[i] * (t + 1);
#pragma omp target teams distribute parallel for map(tofrom: out[0:n])
      for (int i = 0; i < n; i++)
	out[i] += 1;
    }
}

__attribute__ ((noinline)) static void
grow (struct vec *g, int steps)
{
  for (int t = 0; t < steps; t++)
    {
#pragma omp target teams distribute parallel for map(tofrom: g[0:1])
      for (int i = 0; i < g->n; i++)
	g->v[i] = g->v[i] * 0.5 + t;
    }
}

int
main (void)
{
  double *in = (double *) malloc (N * sizeof *in);
  double *out = (double *) malloc (N * sizeof *out);
  struct vec g = { N, (double *) malloc (N * sizeof (double)) };
  for (int i = 0; i < N; i++)
    in[i] = i, out[i] = -1, g.v[i] = i;
  scale (in, out, N, 4);
  grow (&g, 4);
  int bad = 0;
  for (int i = 0; i < N; i++)
    {
      double e = i;
      for (int t = 0; t < 4; t++)
	e = e * 0.5 + t;
      bad += out[i] != i * 4.0 + 1 || g.v[i] != e;
    }
  printf ("%s\n", bad ? "FAIL" : "ok");
  return bad != 0;
}
