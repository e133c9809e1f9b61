/* DEEPMAP_CHECK verifies hoisting at run time: the host bytes of a kept
   section must be at the exit data what they were at the enter data,
   except for what the inserted target updates moved.  legal: a run from
   a loop to the constructs after it, with host reads and writes that
   the plugin updates (no error);
   broken: restrict parameters that the caller makes alias, so the plugin
   misses the host write through the second one and the check names the
   section and the loop.  */
/* { dg-options "-fplugin-arg-deepmap-report" } */
/* { dg-set-target-env-var DEEPMAP_CHECK "1" } */
/* { dg-shouldfail "host write the hoisting missed" } */
/* { dg-output "legal done\[\r\n\]+deepmap: error: 'B' \\(800 bytes at host 0x\[0-9a-f\]+\\), kept on the device across the loop or constructs at \[^\n\]*check.c:43, was changed by the host while the device held it" } */
#include <stdio.h>
#include <stdlib.h>

#define N 100

__attribute__ ((noinline)) static double
legal (double *A, int n, int steps)
{
  double probe = 0;
  for (int t = 0; t < steps; t++)
    {
#pragma omp target teams distribute parallel for map(tofrom: A[0:n])
      for (int i = 0; i < n; i++)
	A[i] += 1;
      probe += A[5];		/* update from */
      A[7] = probe;		/* update to */
    }
#pragma omp target teams distribute parallel for map(tofrom: A[0:n])
  for (int i = 0; i < n; i++)
    A[i] *= 2;
  A[1] = A[2];			/* update from, update to */
#pragma omp target teams distribute parallel for map(tofrom: A[0:n])
  for (int i = 0; i < n; i++)
    A[i] -= 1;
  return probe;
}

__attribute__ ((noinline)) static void
broken (double *restrict B, double *restrict alias, int n, int steps)
{
  for (int t = 0; t < steps; t++)
    {
#pragma omp target teams distribute parallel for map(tofrom: B[0:n])
      for (int i = 0; i < n; i++)
	B[i] += 1;
      alias[3] = -1;
    }
}

int
main (void)
{
  double A[N], B[N];
  for (int i = 0; i < N; i++)
    A[i] = B[i] = i;
  if (legal (A, N, 4) != 6 + 7 + 8 + 9)
    abort ();
  printf ("legal done\n");
  fflush (stdout);
  broken (B, B, N, 4);
  return 0;
}

/* { dg-final { scan-deepmap-report "check.c:24:9: deepmap: hoist: 'A' kept on the device from the loop at check.c:22 to the construct at check.c:34" } } */
/* { dg-final { scan-deepmap-report "check.c:30:9: deepmap: hoist: 'A' kept on the device from the loop at check.c:22 to the construct at check.c:34" } } */
/* { dg-final { scan-deepmap-report "check.c:45:9: deepmap: hoist: 'B' kept on the device across the loop at check.c:43" } } */
