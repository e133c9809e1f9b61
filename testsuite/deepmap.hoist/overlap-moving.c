/* A section that may overlap one whose address changes every step
   cannot be tested once on entry to the loop: neither stays, and the
   constructs map as written.  */
/* { dg-options "-fplugin-arg-deepmap-report" } */
/* { dg-set-target-env-var DEEPMAP_STATS "1" } */
/* { dg-output "deepmap: device 0 \\((emu|cuda)\\): h2d 16 transfers" { target offload_device } } */
#include <stdlib.h>

#define N 64

__attribute__ ((noinline)) static void
window (double *A, double *W, int n)
{
  for (int t = 0; t < 8; t++)
    {
      double *w = W + t;
#pragma omp target teams distribute parallel for map(tofrom: A[0:n])
      for (int i = 0; i < n; i++)
	A[i] += 1;
#pragma omp target teams distribute parallel for map(tofrom: w[0:4])
      for (int i = 0; i < 4; i++)
	w[i] *= 2;
    }
}

int
main (void)
{
  double *A = malloc ((N + 16) * sizeof *A);
  double *a = malloc ((N + 16) * sizeof *a);
  for (int i = 0; i < N + 16; i++)
    A[i] = a[i] = i;
  window (A, A + 4, N);
  for (int t = 0; t < 8; t++)
    {
      for (int i = 0; i < N; i++)
	a[i] += 1;
      for (int i = 0; i < 4; i++)
	a[4 + t + i] *= 2;
    }
  for (int i = 0; i < N + 16; i++)
    if (A[i] != a[i])
      abort ();
  return 0;
}

/* { dg-final { scan-deepmap-report "overlap-moving.c:17:9: deepmap: hoist: missed: 'A' not kept on the device across the loop at overlap-moving.c:\[0-9\]+ because it may overlap a section that is mapped by other constructs or not kept" } } */
/* { dg-final { scan-deepmap-report "overlap-moving.c:20:9: deepmap: hoist: missed: 'w' not kept on the device across the loop at overlap-moving.c:\[0-9\]+ because its address or size is computed in the loop" } } */
