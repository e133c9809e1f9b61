/* Loops whose sections must not stay on the device: a second pointer
   that may alias, a host write through it, an unknown call through an
   escaped pointer, printf of an element, and a section that grows with
   the loop.  Each keeps the per-construct copies and the OpenMP
   results.  */
/* { dg-options "-fplugin-arg-deepmap-report" } */
#include <stdio.h>
#include <stdlib.h>

#define N 64

/* C may be A: mapped by other constructs, so neither stays.  */
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

/* The host writes through P, which may be A.  */
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

/* The host prints an element: it must see the device's value.  */
__attribute__ ((noinline)) static void
print_element (double *A, int n)
{
  for (int t = 0; t < 3; t++)
    {
#pragma omp target teams distribute parallel for map(tofrom: A[0:n])
      for (int i = 0; i < n; i++)
        A[i] += 1;
      printf ("A[2] = %g\n", A[2]);
    }
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
  print_element (A, N);
  if (A[2] != 19)
    abort ();
  growing (A, N);
  if (A[2] != 20 || A[N - 1] != 20)
    abort ();
  return 0;
}

/* { dg-output "A\\\[2\\\] = 17\[\r\n\]+A\\\[2\\\] = 18\[\r\n\]+A\\\[2\\\] = 19" } */
/* { dg-final { scan-deepmap-report "negative.c:18:9: deepmap: hoist: missed: 'A' not kept on the device across the loop at negative.c:16 because it may overlap a section that is mapped by other constructs or not kept" } } */
/* { dg-final { scan-deepmap-report "negative.c:21:9: deepmap: hoist: missed: 'C' not kept" } } */
/* { dg-final { scan-deepmap-report "negative.c:33:9: deepmap: hoist: missed: 'A' not kept on the device across the loop at negative.c:31 because the host accesses it in the loop" } } */
/* { dg-final { scan-deepmap-report "negative.c:55:9: deepmap: hoist: missed: 'A' not kept on the device across the loop at negative.c:53 because a call in the loop may access it" } } */
/* { dg-final { scan-deepmap-report "negative.c:68:9: deepmap: hoist: missed: 'A' not kept on the device across the loop at negative.c:66 because the host accesses it in the loop" } } */
/* { dg-final { scan-deepmap-report "negative.c:81:9: deepmap: hoist: missed: 'A' not kept on the device across the loop at negative.c:79 because its address or size is computed in the loop" } } */
/* { dg-final { scan-deepmap-report-not "deepmap: hoist: '" } } */
