/* Host accesses that only whole copies can follow, in loops with two
   constructs per step (issue 9: strided column updates, host loops two
   levels down).  column: the host resets the first column of a 2-D grid
   at every step (a strided write); the grid is kept, copied back whole
   before that loop and out again after it: 2 copies per step instead of
   the constructs' 4.  norm: the host sums the grid over rows and columns
   (two loops down) after each step's kernels: kept, one copy back per
   step.  Results checked against the same functions run on the host.  */
/* { dg-options "-fplugin-arg-deepmap-report" } */
/* { dg-set-target-env-var DEEPMAP_STATS "1" } */
/* column: G (2048 bytes) in once, out once, and in and out at each of 4
   steps; norm: H in and out once, and out at each step.  */
/* { dg-output "deepmap: device 0 \\((emu|cuda)\\): h2d 6 transfers 12288 bytes, d2h 10 transfers 20480 bytes" { target offload_device } } */
#include <stdlib.h>
#include <string.h>

#define N 16
#define STEPS 4

volatile int rows = N;

__attribute__ ((noinline)) static void
column (int n, int steps, double *G, int device)
{
  for (int t = 0; t < steps; t++)
    {
#pragma omp target teams distribute parallel for map(tofrom: G[0:n * n]) if (device)
      for (int i = 0; i < n * n; i++)
	G[i] = 0.5 * G[i] + (i % n);
#pragma omp target teams distribute parallel for map(tofrom: G[0:n * n]) if (device)
      for (int i = 0; i < n * n; i++)
	G[i] = 0.75 * G[i] + 0.25 * (i / n);
      for (int i = 0; i < n; i++)
	G[i * n] = t + 1;
    }
}

__attribute__ ((noinline)) static double
norm (int n, int steps, double *H, int device)
{
  double s = 0;
  for (int t = 0; t < steps; t++)
    {
#pragma omp target teams distribute parallel for map(tofrom: H[0:n * n]) if (device)
      for (int i = 0; i < n * n; i++)
	H[i] = 0.5 * H[i] + t;
#pragma omp target teams distribute parallel for map(tofrom: H[0:n * n]) if (device)
      for (int i = 0; i < n * n; i++)
	H[i] = H[i] - 0.125 * (i % 3);
      for (int r = 0; r < rows; r++)
	for (int c = 0; c < n; c++)
	  s += H[r * n + c] * (r + 1);
    }
  return s;
}

int
main (void)
{
  int nn = N * N;
  double *G = malloc (nn * sizeof *G), *g = malloc (nn * sizeof *g);
  double *H = malloc (nn * sizeof *H), *h = malloc (nn * sizeof *h);
  for (int i = 0; i < nn; i++)
    {
      G[i] = g[i] = i % 9;
      H[i] = h[i] = i % 4;
    }
  column (N, STEPS, G, 1);
  column (N, STEPS, g, 0);
  double s = norm (N, STEPS, H, 1);
  double s_host = norm (N, STEPS, h, 0);
  if (memcmp (G, g, nn * sizeof *g) || memcmp (H, h, nn * sizeof *h)
      || s != s_host)
    abort ();
  return 0;
}

/* { dg-final { scan-deepmap-report "host-nested.c:27:9: deepmap: hoist: 'G' kept on the device across the loop at host-nested.c:25" } } */
/* { dg-final { scan-deepmap-report "host-nested.c:34:11: deepmap: hoist: 'G' copied to the device after the host loop whose writes may change it, whole \\(target update to\\)" } } */
/* { dg-final { scan-deepmap-report "host-nested.c:44:9: deepmap: hoist: 'H' kept on the device across the loop at host-nested.c:42" } } */
/* { dg-final { scan-deepmap-report "host-nested.c:52:10: deepmap: hoist: 'H' copied from the device before the host loop whose accesses may see it, whole \\(target update from\\)" } } */
