/* A naive jacobi-1d time-step loop (Polybench): each step maps both
   arrays tofrom.  With hoisting both stay on the device for the whole
   loop: 2 copies in and 2 out instead of 4 per step.  */
/* { dg-options "-fplugin-arg-deepmap-report" } */
/* { dg-set-target-env-var DEEPMAP_STATS "1" } */
/* { dg-output "deepmap: device 0 \\((emu|cuda)\\): h2d 2 transfers 16000 bytes, d2h 2 transfers 16000 bytes" { target offload_device } } */
#include <stdlib.h>
#include <string.h>

#define N 1000
#define STEPS 100

static void
kernel (int n, int steps, double *A, double *B)
{
  for (int t = 0; t < steps; t++)
    {
#pragma omp target teams distribute parallel for map(tofrom: A[0:n], B[0:n])
      for (int i = 1; i < n - 1; i++)
	B[i] = 0.33333 * (A[i - 1] + A[i] + A[i + 1]);
#pragma omp target teams distribute parallel for map(tofrom: A[0:n], B[0:n])
      for (int i = 1; i < n - 1; i++)
	A[i] = 0.33333 * (B[i - 1] + B[i] + B[i + 1]);
    }
}

static void
host (int n, int steps, double *A, double *B)
{
  for (int t = 0; t < steps; t++)
    {
      for (int i = 1; i < n - 1; i++)
	B[i] = 0.33333 * (A[i - 1] + A[i] + A[i + 1]);
      for (int i = 1; i < n - 1; i++)
	A[i] = 0.33333 * (B[i - 1] + B[i] + B[i + 1]);
    }
}

int
main (void)
{
  double *A = malloc (N * sizeof *A), *B = malloc (N * sizeof *B);
  double *a = malloc (N * sizeof *a), *b = malloc (N * sizeof *b);
  for (int i = 0; i < N; i++)
    {
      A[i] = a[i] = (i * 7 % 13) / 13.0;
      B[i] = b[i] = (i * 3 % 11) / 11.0;
    }
  kernel (N, STEPS, A, B);
  host (N, STEPS, a, b);
  if (memcmp (A, a, N * sizeof *a) || memcmp (B, b, N * sizeof *b))
    abort ();
  return 0;
}

/* { dg-final { scan-deepmap-report "jacobi-1d.c:18:9: deepmap: hoist: 'A' kept on the device across the loop at jacobi-1d.c:16 \\(enter data map\\(to\\), exit data map\\(from\\)\\)" } } */
/* { dg-final { scan-deepmap-report "jacobi-1d.c:21:9: deepmap: hoist: 'B' kept on the device" } } */
