/* Straight-line runs of constructs outside loops: sections that every
   construct of a run maps tofrom stay on the device from the first to
   the last construct, host reads and writes between them updated; a
   call or a write through another pointer between the constructs keeps
   the per-construct copies.  */
/* { dg-options "-fplugin-arg-deepmap-report" } */
/* { dg-set-target-env-var DEEPMAP_STATS "1" } */
/* consecutive: A and B in and out once, one element each way;
   call_between: 2 constructs of 1 array each way; alias_between: A in
   and out once, one element in.  */
/* { dg-output "deepmap: device 0 \\((emu|cuda)\\): h2d 7 transfers 4016 bytes, d2h 6 transfers 4008 bytes" { target offload_device } } */
#include <stdlib.h>

#define N 100

__attribute__ ((noinline)) static void
consecutive (double *A, double *B, int n)
{
#pragma omp target teams distribute parallel for map(tofrom: A[0:n], B[0:n])
  for (int i = 0; i < n; i++)
    A[i] += i;
#pragma omp target teams distribute parallel for map(tofrom: A[0:n], B[0:n])
  for (int i = 0; i < n; i++)
    B[i] = 2 * A[i];
  double mid = B[5];		/* update from of B[5] */
  A[0] = mid;			/* update to of A[0] */
#pragma omp target teams distribute parallel for map(tofrom: A[0:n], B[0:n])
  for (int i = 0; i < n; i++)
    B[i] += A[0];
}

double *escaped;

__attribute__ ((noinline)) void
bump (void)
{
  escaped[1] += 100;
  __asm__ volatile ("" ::: "memory");
}

/* bump writes A between the constructs.  */
__attribute__ ((noinline)) static void
call_between (double *A, int n)
{
#pragma omp target teams distribute parallel for map(tofrom: A[0:n])
  for (int i = 0; i < n; i++)
    A[i] += 1;
  bump ();
#pragma omp target teams distribute parallel for map(tofrom: A[0:n])
  for (int i = 0; i < n; i++)
    A[i] *= 2;
}

/* The host writes through P, which may point into A.  */
__attribute__ ((noinline)) static void
alias_between (double *A, double *P, int n)
{
#pragma omp target teams distribute parallel for map(tofrom: A[0:n])
  for (int i = 0; i < n; i++)
    A[i] += 1;
  P[2] = -1;
#pragma omp target teams distribute parallel for map(tofrom: A[0:n])
  for (int i = 0; i < n; i++)
    A[i] *= 2;
}

int
main (void)
{
  double *A = calloc (N, sizeof *A), *B = calloc (N, sizeof *B);
  consecutive (A, B, N);
  for (int i = 0; i < N; i++)
    if (A[i] != (i ? i : 10) || B[i] != 2 * i + 10)
      abort ();
  escaped = A;
  call_between (A, N);		/* A[1]: ((1 + 1) + 100) * 2 */
  if (A[1] != 204 || A[3] != 8)
    abort ();
  alias_between (A, A, N);	/* A[2]: -1 * 2 */
  if (A[2] != -2 || A[3] != 18)
    abort ();
  return 0;
}

/* { dg-final { scan-deepmap-report "runs.c:19:9: deepmap: hoist: 'A' kept on the device from the construct at runs.c:19 to the construct at runs.c:27 \\(enter data map\\(to\\), exit data map\\(from\\)\\)" } } */
/* { dg-final { scan-deepmap-report "runs.c:22:9: deepmap: hoist: 'B' kept on the device from the construct at runs.c:19 to the construct at runs.c:27" } } */
/* { dg-final { scan-deepmap-report "runs.c:25:10: deepmap: hoist: 'B' copied from the device before a host read that may see it \\(target update from\\)" } } */
/* { dg-final { scan-deepmap-report "runs.c:26:8: deepmap: hoist: 'A' copied to the device after a host write that may change it \\(target update to\\)" } } */
/* { dg-final { scan-deepmap-report "runs.c:45:9: deepmap: hoist: missed: 'A' not kept on the device from the construct at runs.c:45 to the construct at runs.c:49 because a call between the constructs may access it" } } */
/* { dg-final { scan-deepmap-report "runs.c:58:9: deepmap: hoist: 'A' kept on the device from the construct at runs.c:58 to the construct at runs.c:62" } } */
/* { dg-final { scan-deepmap-report "runs.c:61:8: deepmap: hoist: 'A' copied to the device after a host write that may change it \\(target update to\\)" } } */
