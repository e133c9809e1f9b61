/* Sections mapped tofrom that no construct of the loop writes are kept
   without a copy back (exit data map(release)); under a run-time test
   where they may share bytes with a section that is written.  Called
   with distinct arrays: A and B in once, never back, C in and back once.
   Called with one array for all three: the test fails and the loop runs
   as written (3 steps: 9 copies each way).  The host's write of A in the
   loop goes to the device, and stays on the host.  A store through a
   pointer derived from A's keeps its copy back.  */
/* { dg-options "-fplugin-arg-deepmap-report" } */
/* { dg-set-target-env-var DEEPMAP_STATS "1" } */
/* step (A, B, C): 3 in, 1 back; step (X, X, X): 9 and 9; host_write: A,
   C in, A's written element (8 bytes) in 4 times, C back; derived: A, C
   in, A and C back: 20 in (3 x 800 + 9 x 800 + 2 x 800 + 4 x 8 + 2 x
   800 bytes), 13 back (800 + 9 x 800 + 800 + 2 x 800 bytes).  */
/* { dg-output "deepmap: device 0 \\((emu|cuda)\\): h2d 20 transfers 12832 bytes, d2h 13 transfers 10400 bytes" { target offload_device } } */
#include <stdlib.h>

#define N 100

__attribute__ ((noinline)) static void
step (int n, int steps, double *A, double *B, double *C)
{
  for (int t = 0; t < steps; t++)
    {
#pragma omp target teams distribute parallel for \
	map(tofrom: A[0:n], B[0:n], C[0:n])
      for (int i = 0; i < n; i++)
	C[i] = C[i] + A[i] * B[i];
    }
}

__attribute__ ((noinline)) static void
host_write (int n, double *A, double *C)
{
  for (int t = 0; t < 4; t++)
    {
      A[0] = t;
#pragma omp target map(tofrom: A[0:n], C[0:n])
      for (int i = 0; i < n; i++)
	C[i] += A[i];
    }
}

__attribute__ ((noinline)) static void
derived (int n, double *A, double *C)
{
  for (int t = 0; t < 2; t++)
    {
#pragma omp target map(tofrom: A[0:n], C[0:n])
      for (int i = 1; i < n; i++)
	{
	  double *q = &A[1];
	  C[i] += A[i];
	  if (C[i] < 0)
	    q[i - 1] = 0;
	}
    }
}

int
main (void)
{
  double *A = malloc (N * sizeof *A), *B = malloc (N * sizeof *B);
  double *C = calloc (N, sizeof *C), *X = malloc (N * sizeof *X);
  for (int i = 0; i < N; i++)
    A[i] = i, B[i] = 2, X[i] = 1;
  step (N, 3, A, B, C);
  for (int i = 0; i < N; i++)
    if (C[i] != 6.0 * i || A[i] != i || B[i] != 2)
      abort ();
  /* X = X + X * X, three times: 2, 6, 42.  */
  step (N, 3, X, X, X);
  for (int i = 0; i < N; i++)
    if (X[i] != 42)
      abort ();
  host_write (N, A, C);
  /* C[0] += 0 + 1 + 2 + 3; the others += 4 * i.  */
  if (A[0] != 3 || C[0] != 6 || C[N - 1] != 10.0 * (N - 1))
    abort ();
  derived (N, A, C);
  if (C[N - 1] != 12.0 * (N - 1) || A[N - 1] != N - 1)
    abort ();
  return 0;
}

/* { dg-final { scan-deepmap-report "read-only-tofrom.c:25:9: deepmap: hoist: 'A' kept on the device across the loop at read-only-tofrom.c:23 \\(enter data map\\(to\\), exit data map\\(release\\)\\), not copied back: no construct writes it if the sections the compiler cannot tell apart do not overlap at run time" } } */
/* { dg-final { scan-deepmap-report "read-only-tofrom.c:25:9: deepmap: hoist: 'B' kept on the device across the loop at read-only-tofrom.c:23 \\(enter data map\\(to\\), exit data map\\(release\\)\\), not copied back: no construct writes it if" } } */
/* { dg-final { scan-deepmap-report "read-only-tofrom.c:25:9: deepmap: hoist: 'C' kept on the device across the loop at read-only-tofrom.c:23 \\(enter data map\\(to\\), exit data map\\(from\\)\\) if" } } */
/* { dg-final { scan-deepmap-report "read-only-tofrom.c:38:9: deepmap: hoist: 'A' kept on the device across the loop at read-only-tofrom.c:35 \\(enter data map\\(to\\), exit data map\\(release\\)\\), not copied back: no construct writes it" } } */
/* { dg-final { scan-deepmap-report "read-only-tofrom.c:49:9: deepmap: hoist: 'A' kept on the device across the loop at read-only-tofrom.c:47 \\(enter data map\\(to\\), exit data map\\(from\\)\\)" } } */
