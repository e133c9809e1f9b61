/* Runs across blocks: an initialising kernel and the time loop after it
   keep their arrays from the first construct to the end of the loop
   (one copy in for each, as a hand-placed target data would); two
   kernels with a host loop between them keep theirs from the first to
   the second, the host loop's writes sent once after it.  A kernel that
   only runs on some paths does not start a run.  Arrays a construct
   uses without naming them (implicit maps of GCC 12) count too.  */
/* { dg-options "-fplugin-arg-deepmap-report" } */
/* { dg-set-target-env-var DEEPMAP_STATS "1" } */
/* init_then_loop: x, y never in (the first kernel stores to both), y
   back once.  two_kernels: p, q in once, q's host-written half (400
   bytes) in once more, p back (the device only reads q).  maybe_init: z out by the kernel
   that runs (it stores to all of z), then in and out around the loop.
   global_loop: g (800 bytes) in and out once.  */
/* { dg-output "deepmap: device 0 \\((emu|cuda)\\): h2d 5 transfers 3600 bytes, d2h 5 transfers 4000 bytes" { target offload_device } } */
#include <stdlib.h>

#define N 100

/* Unknown to the compiler, so that the branch on it stays.  */
volatile int yes = 1;

__attribute__ ((noinline)) static double
init_then_loop (int n, int steps)
{
  double *x = malloc (n * sizeof *x), *y = malloc (n * sizeof *y);
#pragma omp target teams distribute parallel for map(tofrom: x[0:n], y[0:n])
  for (int i = 0; i < n; i++)
    x[i] = i, y[i] = 0;
  for (int t = 0; t < steps; t++)
    {
#pragma omp target teams distribute parallel for map(tofrom: x[0:n], y[0:n])
      for (int i = 0; i < n; i++)
	y[i] += x[i];
    }
  double r = y[n - 1];
  free (x);
  free (y);
  return r;
}

__attribute__ ((noinline)) static double
two_kernels (int n)
{
  double *p = malloc (n * sizeof *p), *q = malloc (n * sizeof *q);
  for (int i = 0; i < n; i++)
    p[i] = i, q[i] = 1;
#pragma omp target teams distribute parallel for map(tofrom: p[0:n], q[0:n])
  for (int i = 0; i < n; i++)
    p[i] *= q[i] + 1;
  for (int i = 0; i < n / 2; i++)
    q[i] = 3;
#pragma omp target teams distribute parallel for map(tofrom: p[0:n], q[0:n])
  for (int i = 0; i < n; i++)
    p[i] += q[i];
  double r = p[0] + p[n - 1] + q[0];
  free (p);
  free (q);
  return r;
}

__attribute__ ((noinline)) static double
maybe_init (int n, int steps, int init)
{
  double *z = calloc (n, sizeof *z);
  if (init)
    {
#pragma omp target teams distribute parallel for map(tofrom: z[0:n])
      for (int i = 0; i < n; i++)
	z[i] = 1;
    }
  for (int t = 0; t < steps; t++)
    {
#pragma omp target teams distribute parallel for map(tofrom: z[0:n])
      for (int i = 0; i < n; i++)
	z[i] *= 2;
    }
  double r = z[0];
  free (z);
  return r;
}

double g[N];

__attribute__ ((noinline)) static void
global_loop (int steps)
{
  for (int t = 0; t < steps; t++)
    {
#pragma omp target teams distribute parallel for
      for (int i = 0; i < N; i++)
	g[i] += i;
    }
}

int
main (void)
{
  if (init_then_loop (N, 5) != 5.0 * (N - 1))
    abort ();
  /* p[0] = 0 * 2 + 3, p[n-1] = (n-1) * 2 + 1, q[0] = 3.  */
  if (two_kernels (N) != 3 + (2.0 * (N - 1) + 1) + 3)
    abort ();
  if (maybe_init (N, 3, yes) != 8)
    abort ();
  global_loop (4);
  for (int i = 0; i < N; i++)
    if (g[i] != 4.0 * i)
      abort ();
  return 0;
}

/* { dg-final { scan-deepmap-report "level-run.c:27:9: deepmap: hoist: 'x' kept on the device from the construct at level-run.c:27 to the loop at level-run.c:30 \\(enter data map\\(to\\), exit data map\\(release\\)\\), not copied back: nothing reads it afterwards" } } */
/* { dg-final { scan-deepmap-report "level-run.c:32:9: deepmap: hoist: 'y' kept on the device from the construct at level-run.c:27 to the loop at level-run.c:30 \\(enter data map\\(to\\), exit data map\\(from\\)\\)" } } */
/* { dg-final { scan-deepmap-report "level-run.c:48:9: deepmap: hoist: 'q' kept on the device from the construct at level-run.c:48 to the construct at level-run.c:53" } } */
/* { dg-final { scan-deepmap-report "level-run.c:52:10: deepmap: hoist: 'q' copied to the device after the host loop whose writes may change it" } } */
/* { dg-final { scan-deepmap-report "level-run.c:74:9: deepmap: hoist: 'z' kept on the device across the loop at level-run.c:72" } } */
/* { dg-final { scan-deepmap-report-not "level-run.c:6\[0-9\]:9: deepmap: hoist: 'z' kept" } } */
/* { dg-final { scan-deepmap-report "level-run.c:90:9: deepmap: hoist: 'g' kept on the device across the loop at level-run.c:88" } } */
