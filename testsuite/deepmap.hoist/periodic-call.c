/* A call the compiler cannot see into, every few steps, that may read
   or write a kept array (a periodic dump, a periodic reset): the array
   stays on the device, copied back whole before the call and, as the
   call may write it, sent again after it -- what a hand-placed target
   update around the call does.  The results match the host's.  */
/* { dg-options "-fplugin-arg-deepmap-report" } */
/* { dg-set-target-env-var DEEPMAP_STATS "1" } */
/* A (800 bytes) in and out once, and around each of the 3 calls (steps
   0, 4, 8) one copy out and one in.  */
/* { dg-output "deepmap: device 0 \\((emu|cuda)\\): h2d 4 transfers 3200 bytes, d2h 4 transfers 3200 bytes" { target offload_device } } */
#include <stdlib.h>

#define N 100
#define STEPS 10

double seen;

/* Reads A, and rescales it when it grew large.  */
__attribute__ ((noipa)) void
dump (double *A, int n)
{
  seen += A[n - 1];
  if (A[n - 1] > 50)
    for (int i = 0; i < n; i++)
      A[i] /= 2;
}

__attribute__ ((noinline)) static void
run (double *A, int n, int steps)
{
  for (int t = 0; t < steps; t++)
    {
#pragma omp target teams distribute parallel for map(tofrom: A[0:n])
      for (int i = 0; i < n; i++)
	A[i] = A[i] * 1.5 + 1;
      if (t % 4 == 0)
	dump (A, n);
    }
}

int
main (void)
{
  double *A = malloc (N * sizeof *A), *a = malloc (N * sizeof *a);
  for (int i = 0; i < N; i++)
    A[i] = a[i] = i % 7;
  run (A, N, STEPS);
  double want = seen;
  seen = 0;
  for (int t = 0; t < STEPS; t++)
    {
      for (int i = 0; i < N; i++)
	a[i] = a[i] * 1.5 + 1;
      if (t % 4 == 0)
	dump (a, N);
    }
  for (int i = 0; i < N; i++)
    if (A[i] != a[i])
      abort ();
  if (want != seen)
    abort ();
  return 0;
}

/* { dg-final { scan-deepmap-report "periodic-call.c:33:9: deepmap: hoist: 'A' kept on the device across the loop at periodic-call.c:31 \\(enter data map\\(to\\), exit data map\\(from\\)\\)" } } */
/* { dg-final { scan-deepmap-report "periodic-call.c:37:2: deepmap: hoist: 'A' copied from the device before a call that may see it \\(target update from\\)" } } */
/* { dg-final { scan-deepmap-report "periodic-call.c:37:2: deepmap: hoist: 'A' copied to the device after a call that may change it \\(target update to\\)" } } */
