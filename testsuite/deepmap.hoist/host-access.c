/* Host accesses of a kept section inside the loop: the host reads one
   element the device computed (a target update from of those 8 bytes
   right before the read) and writes one element the next construct
   reads (a target update to of those 8 bytes right after the write).
   The arrays stay on the device across their loops.  */
/* { dg-options "-fplugin-arg-deepmap-report" } */
/* { dg-set-target-env-var DEEPMAP_STATS "1" } */
/* A in once (8000 bytes), B in once (800) and 5 element updates in;
   11 element updates out, A and B out once.  */
/* { dg-output "deepmap: device 0 \\((emu|cuda)\\): h2d 7 transfers 8840 bytes, d2h 13 transfers 8888 bytes" { target offload_device } } */
#include <stdlib.h>

#define N 1000
#define M 100

/* Steps until A[k] passes LIMIT; the host reads A[k] at each.  */
__attribute__ ((noinline)) static int
grow (double *A, int n, int k, double limit)
{
  int t;
  for (t = 0; t < 1000; t++)
    {
#pragma omp target teams distribute parallel for map(tofrom: A[0:n])
      for (int i = 0; i < n; i++)
	A[i] += i;
      if (A[k] > limit)
	break;
    }
  return t;
}

/* The host sets the boundary B[0] that the next step reads.  */
__attribute__ ((noinline)) static void
pin (double *B, int n, int steps)
{
  for (int t = 0; t < steps; t++)
    {
#pragma omp target teams distribute parallel for map(tofrom: B[0:n])
      for (int i = 1; i < n; i++)
	B[i] = 0.5 * B[i] + B[0];
      B[0] = t + 1;
    }
}

int
main (void)
{
  double *A = calloc (N, sizeof *A), *B = calloc (M, sizeof *B);
  double *b = calloc (M, sizeof *b);
  if (grow (A, N, 10, 100) != 10)
    abort ();
  for (int i = 0; i < N; i++)
    if (A[i] != 11.0 * i)
      abort ();
  pin (B, M, 5);
  for (int t = 0; t < 5; t++)
    {
      for (int i = 1; i < M; i++)
	b[i] = 0.5 * b[i] + b[0];
      b[0] = t + 1;
    }
  for (int i = 0; i < M; i++)
    if (B[i] != b[i])
      abort ();
  return 0;
}

/* { dg-final { scan-deepmap-report "host-access.c:23:9: deepmap: hoist: 'A' kept on the device across the loop at host-access.c:21 \\(enter data map\\(to\\), exit data map\\(from\\)\\)" } } */
/* { dg-final { scan-deepmap-report "host-access.c:26:12: deepmap: hoist: 'A' copied from the device before a host read that may see it \\(target update from\\)" } } */
/* { dg-final { scan-deepmap-report "host-access.c:38:9: deepmap: hoist: 'B' kept on the device across the loop at host-access.c:36" } } */
/* { dg-final { scan-deepmap-report "host-access.c:41:12: deepmap: hoist: 'B' copied to the device after a host write that may change it \\(target update to\\)" } } */
/* { dg-final { scan-deepmap-report-not "missed" } } */
