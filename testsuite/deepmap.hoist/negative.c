/* Loops with a second pointer that may alias: mapped apart (not kept),
   the host writing or reading through it (kept, the update exact);
   loops whose sections must not stay: an unknown call through an
   escaped pointer, a host loop over the section, a section that grows,
   a variable whose lifetime is one step.  Each keeps the OpenMP
   results.  */
/* { dg-options "-fplugin-arg-deepmap-report" } */
#include <stdio.h>
#include <stdlib.h>

#define N 64

/* C may be A, mapped by other constructs: both stay only if a test on
   entry to the loop finds them apart.  main passes A twice, so the test
   fails and the loop runs as written.  */
__attribute__ ((noinline)) static void
second_pointer (double *A, double *C, int n)
{
  for (int t = 0; t < 4; t++)
    {
#pragma omp target teams distribute parallel for map(tofrom: A[0:n])
      for (int i = 0; i < n; i++)
        A[i] += 1;
#pragma omp target teams distribute parallel for map(tofrom: C[0:n])
      for (int i = 0; i < n; i++)
        C[i] += 1;
    }
}

/* The host writes through P, which may be A: kept, with an update from
   before the read of P[0] and an update to after its write.  */
__attribute__ ((noinline)) static void
host_write (double *A, double *P, int n)
{
  for (int t = 0; t < 4; t++)
    {
#pragma omp target teams distribute parallel for map(tofrom: A[0:n])
      for (int i = 0; i < n; i++)
        A[i] += 1;
      P[0] *= 2;
    }
}

double *escaped;

__attribute__ ((noinline)) void
bump (void)
{
  escaped[1] += 100;
  __asm__ volatile ("" ::: "memory");
}

/* bump writes A through a global pointer.  */
__attribute__ ((noinline)) static void
unknown_call (double *A, int n)
{
  for (int t = 0; t < 4; t++)
    {
#pragma omp target teams distribute parallel for map(tofrom: A[0:n])
      for (int i = 0; i < n; i++)
        A[i] += 1;
      bump ();
    }
}

/* The host sums the section in a loop of its own: one update from of
   the bytes the whole loop reads, before it.  */
__attribute__ ((noinline)) static void
host_sum (double *A, int n, double *sums)
{
  for (int t = 0; t < 3; t++)
    {
#pragma omp target teams distribute parallel for map(tofrom: A[0:n])
      for (int i = 0; i < n; i++)
        A[i] += 1;
      double s = 0;
      for (int i = 0; i < n; i++)
	s += A[i];
      sums[t] = s;
    }
}

/* The host reads through P, which may point into A: kept, with an
   update from of what P[3] has of A before the read.  */
__attribute__ ((noinline)) static double
host_read_alias (double *A, double *P, int n)
{
  double s = 0;
  for (int t = 0; t < 2; t++)
    {
#pragma omp target teams distribute parallel for map(tofrom: A[0:n])
      for (int i = 0; i < n; i++)
        A[i] += 1;
      s += P[3];
    }
  return s;
}

/* The section grows with t.  */
__attribute__ ((noinline)) static void
growing (double *A, int n)
{
  for (int t = 0; t < n; t++)
    {
#pragma omp target map(tofrom: A[0:t + 1])
      A[t] += 1;
    }
}

/* X lives in one step: its storage is not the program's after it.  */
__attribute__ ((noinline)) static double
scoped (void)
{
  double total = 0;
  for (int t = 0; t < 3; t++)
    {
      double x = t;
#pragma omp target map(tofrom: x)
      x *= 2;
      total += x;
    }
  return total;
}

int
main (void)
{
  double *A = calloc (N, sizeof *A);

  second_pointer (A, A, N);
  for (int i = 0; i < N; i++)
    if (A[i] != 8)
      abort ();
  host_write (A, A, N);		/* A[0]: (((((8+1)*2+1)*2+1)*2+1)*2 */
  if (A[0] != 158 || A[1] != 12)
    abort ();
  escaped = A;
  unknown_call (A, N);		/* A[1]: 12 + 4 * 101 */
  if (A[1] != 416 || A[2] != 16)
    abort ();
  double before = 0, sums[3];
  for (int i = 0; i < N; i++)
    before += A[i];
  host_sum (A, N, sums);
  for (int t = 0; t < 3; t++)
    if (sums[t] != before + (t + 1) * N)
      abort ();
  if (A[2] != 19)
    abort ();
  if (host_read_alias (A, A, N) != 20 + 21 || A[2] != 21)
    abort ();
  growing (A, N);
  if (A[2] != 22 || A[N - 1] != 22)
    abort ();
  if (scoped () != 6)
    abort ();
  return 0;
}

/* { dg-final { scan-deepmap-report "negative.c:21:9: deepmap: hoist: 'A' kept on the device across the loop at negative.c:19 \\(enter data map\\(to\\), exit data map\\(from\\)\\) if the sections the compiler cannot tell apart do not overlap at run time" } } */
/* { dg-final { scan-deepmap-report "negative.c:24:9: deepmap: hoist: 'C' kept on the device across the loop at negative.c:19 .* if the sections" } } */
/* { dg-final { scan-deepmap-report "negative.c:37:9: deepmap: hoist: 'A' kept on the device across the loop at negative.c:35" } } */
/* { dg-final { scan-deepmap-report "negative.c:40:8: deepmap: hoist: 'A' copied from the device before a host read that may see it" } } */
/* { dg-final { scan-deepmap-report "negative.c:40:12: deepmap: hoist: 'A' copied to the device after a host write that may change it" } } */
/* { dg-final { scan-deepmap-report "negative.c:59:9: deepmap: hoist: missed: 'A' not kept on the device across the loop at negative.c:57 because a call that may access it runs at every step" } } */
/* { dg-final { scan-deepmap-report "negative.c:73:9: deepmap: hoist: 'A' kept on the device across the loop at negative.c:71" } } */
/* { dg-final { scan-deepmap-report "negative.c:78:8: deepmap: hoist: 'A' copied from the device before the host loop whose reads may see it \\(target update from\\)" } } */
/* { dg-final { scan-deepmap-report "negative.c:91:9: deepmap: hoist: 'A' kept on the device across the loop at negative.c:89" } } */
/* { dg-final { scan-deepmap-report "negative.c:94:13: deepmap: hoist: 'A' copied from the device before a host read that may see it" } } */
/* { dg-final { scan-deepmap-report "negative.c:105:9: deepmap: hoist: missed: 'A' not kept on the device across the loop at negative.c:103 because its address or size is computed in the loop" } } */
/* { dg-final { scan-deepmap-report "negative.c:118:9: deepmap: hoist: missed: 'x' not kept on the device across the loop at negative.c:115 because its variable's lifetime ends in the loop" } } */
