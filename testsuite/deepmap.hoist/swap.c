/* Pointer swaps between steps: the arrays a loop's sections trade places
   among (A and B swapped after each step; three arrays in a ring) stay on
   the device across the loop, each copied in and out once, if a test on
   entry finds them disjoint.  Called with one array twice, the test fails
   and the loop runs as written.  A swap with an address computed in the
   loop is not kept.  All results are checked against the host.  */
/* { dg-options "-fplugin-arg-deepmap-report" } */
/* { dg-set-target-env-var DEEPMAP_STATS "1" } */
/* swap: 2 x 8000 each way; ring: 3 x 8000 back, 2 in (C is stored to in
   full); the ring given A twice and drift, as written: 3 and 2 maps each
   way at 9 and 4 steps, less 7 overwritten ones in and 10 read-only out.  */
/* { dg-output "deepmap: device 0 \\((emu|cuda)\\): h2d 32 transfers 256000 bytes, d2h 30 transfers 240000 bytes" { target offload_device } } */
#include <stdlib.h>
#include <string.h>

#define N 1000
#define STEPS 21

__attribute__ ((noinline)) static void
swap (int n, int steps, double *A, double *B)
{
  for (int t = 0; t < steps; t++)
    {
#pragma omp target teams distribute parallel for map(to: A[0:n]) \
	map(tofrom: B[0:n])
      for (int i = 1; i < n - 1; i++)
	B[i] = 0.33333 * (A[i - 1] + A[i] + A[i + 1]);
      double *tmp = A;
      A = B;
      B = tmp;
    }
}

__attribute__ ((noinline)) static void
ring (int n, int steps, double *A, double *B, double *C)
{
  for (int t = 0; t < steps; t++)
    {
#pragma omp target teams distribute parallel for \
	map(tofrom: A[0:n], B[0:n], C[0:n])
      for (int i = 0; i < n; i++)
	C[i] = 0.5 * (A[i] + B[i]);
      double *tmp = A;
      A = B;
      B = C;
      C = tmp;
    }
}

__attribute__ ((noinline)) static void
drift (int n, int steps, double *A, double *B)
{
  for (int t = 0; t < steps; t++)
    {
#pragma omp target teams distribute parallel for map(tofrom: A[0:n], B[0:n])
      for (int i = 0; i < n; i++)
	B[i] = A[i] + 1;
      double *tmp = A;
      A = B;
      B = tmp + (t & 1);
    }
}

/* The same computations on the host.  */
static void
host_swap (int n, int steps, double *A, double *B)
{
  for (int t = 0; t < steps; t++)
    {
      for (int i = 1; i < n - 1; i++)
	B[i] = 0.33333 * (A[i - 1] + A[i] + A[i + 1]);
      double *tmp = A;
      A = B;
      B = tmp;
    }
}

static void
host_ring (int n, int steps, double *A, double *B, double *C)
{
  for (int t = 0; t < steps; t++)
    {
      for (int i = 0; i < n; i++)
	C[i] = 0.5 * (A[i] + B[i]);
      double *tmp = A;
      A = B;
      B = C;
      C = tmp;
    }
}

static void
host_drift (int n, int steps, double *A, double *B)
{
  for (int t = 0; t < steps; t++)
    {
      for (int i = 0; i < n; i++)
	B[i] = A[i] + 1;
      double *tmp = A;
      A = B;
      B = tmp + (t & 1);
    }
}

static double *
fresh (int n, int seed)
{
  double *a = malloc (n * sizeof *a);
  for (int i = 0; i < n; i++)
    a[i] = ((i + seed) * 7 % 13) / 13.0;
  return a;
}

static void
same (const double *x, const double *y, int n)
{
  if (memcmp (x, y, n * sizeof *x))
    abort ();
}

int
main (void)
{
  double *A = fresh (N, 1), *B = fresh (N, 2), *a = fresh (N, 1),
	 *b = fresh (N, 2);
  swap (N, STEPS, A, B);
  host_swap (N, STEPS, a, b);
  same (A, a, N);
  same (B, b, N);

  double *C = fresh (N, 3), *c = fresh (N, 3);
  ring (N, 9, A, B, C);
  host_ring (N, 9, a, b, c);
  same (A, a, N);
  same (B, b, N);
  same (C, c, N);

  ring (N, 9, A, A, C);
  host_ring (N, 9, a, a, c);
  same (A, a, N);
  same (C, c, N);

  double *D = fresh (N + 16, 4), *d = fresh (N + 16, 4);
  double *E = fresh (N + 16, 5), *e = fresh (N + 16, 5);
  drift (N, 4, D, E);
  host_drift (N, 4, d, e);
  same (D, d, N + 16);
  same (E, e, N + 16);
  return 0;
}

/* { dg-final { scan-deepmap-report "swap.c:24:9: deepmap: hoist: 'A' kept on the device across the loop at swap.c:22 \\(enter data map\\(to\\), exit data map\\(from\\)\\), with every array it trades places with if the sections the compiler cannot tell apart do not overlap at run time" } } */
/* { dg-final { scan-deepmap-report "swap.c:24:9: deepmap: hoist: 'B' kept on the device across the loop at swap.c:22" } } */
/* { dg-final { scan-deepmap-report "swap.c:39:9: deepmap: hoist: 'C' kept on the device across the loop at swap.c:37 .*, with every array it trades places with" } } */
/* { dg-final { scan-deepmap-report "swap.c:55:9: deepmap: hoist: missed: 'B' not kept on the device across the loop at swap.c:53 because its address or size is computed in the loop" } } */
