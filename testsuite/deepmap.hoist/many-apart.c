/* Nine arrays, pointer parameters the compiler cannot tell apart: five
   the kernel only reads, four it writes, all mapped tofrom.  Kept across
   the loop, the read ones are not copied back, which holds only where
   none shares bytes with a written one: a run-time test of 20 pairs,
   more than the plugin compares in line, so the test is one call of
   the unit's own __deepmap_sections_apart (plugin/dm-tests.c, made of
   standard OpenMP calls alone) over a table of the pairs.  Called
   with nine distinct arrays (kept) and with a read
   array that is also a written one (the test fails: the loop runs as
   written, 4 steps).  Results are the host's.  */
/* { dg-options "-fplugin-arg-deepmap-report" } */
/* { dg-set-target-env-var DEEPMAP_STATS "1" } */
/* Distinct: 9 x 400 bytes in, the 4 written ones back (1600).  Aliased:
   the constructs as written, 4 steps of 3600 bytes in (every entry) and
   2000 back (the read arrays are announced read only by themselves):
   the same as the test in line gave.  */
/* { dg-output "deepmap: device 0 \\((emu|cuda)\\): h2d \[0-9\]+ transfers 18000 bytes, d2h \[0-9\]+ transfers 9600 bytes" { target offload_device } } */
#include <stdlib.h>

#define N 100

__attribute__ ((noinline)) static void
step9 (const int *a, const int *b, const int *c, const int *d, const int *e,
       int *f, int *g, int *h, int *k, int steps)
{
  for (int t = 0; t < steps; t++)
    {
#pragma omp target map(tofrom: a[0:N], b[0:N], c[0:N], d[0:N], e[0:N], f[0:N], g[0:N], h[0:N], k[0:N])
      for (int i = 0; i < N; i++)
	{
	  f[i] += a[i] + b[i];
	  g[i] += c[i];
	  h[i] += d[i];
	  k[i] += e[i] + 1;
	}
    }
}

/* The same on the host.  */
static void
host9 (const int *a, const int *b, const int *c, const int *d, const int *e,
       int *f, int *g, int *h, int *k, int steps)
{
  for (int t = 0; t < steps; t++)
    for (int i = 0; i < N; i++)
      {
	f[i] += a[i] + b[i];
	g[i] += c[i];
	h[i] += d[i];
	k[i] += e[i] + 1;
      }
}

int
main (void)
{
  int *x[9], *y[9];
  for (int j = 0; j < 9; j++)
    {
      x[j] = (int *) malloc (N * sizeof (int));
      y[j] = (int *) malloc (N * sizeof (int));
      for (int i = 0; i < N; i++)
	x[j][i] = y[j][i] = j * 100 + i;
    }
  step9 (x[0], x[1], x[2], x[3], x[4], x[5], x[6], x[7], x[8], 4);
  host9 (y[0], y[1], y[2], y[3], y[4], y[5], y[6], y[7], y[8], 4);
  step9 (x[0], x[1], x[2], x[3], x[8], x[5], x[6], x[7], x[8], 4);
  host9 (y[0], y[1], y[2], y[3], y[8], y[5], y[6], y[7], y[8], 4);
  for (int j = 0; j < 9; j++)
    for (int i = 0; i < N; i++)
      if (x[j][i] != y[j][i])
	abort ();
  return 0;
}

/* { dg-final { scan-deepmap-report "many-apart.c:28:9: deepmap: hoist: 'a' kept on the device across the loop at many-apart.c:26 \\(enter data map\\(to\\), exit data map\\(release\\)\\), not copied back: no construct writes it if the sections the compiler cannot tell apart do not overlap at run time" } } */
