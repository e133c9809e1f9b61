/* A section mapped `to' may be written on the device, and OpenMP
   discards that write at the end of the construct: such a section must
   not stay on the device (the next construct must see the host's bytes
   again).  The tofrom section of the same construct does stay.  */
/* Under a shared-memory host fallback the write is not discarded.  */
/* { dg-require-effective-target offload_device_nonshared_as } */
/* { dg-options "-fplugin-arg-deepmap-report" } */
/* { dg-set-target-env-var DEEPMAP_STATS "1" } */
/* S in and out once, A in at each of the 10 steps.  */
/* { dg-output "deepmap: device 0 \\((emu|cuda)\\): h2d 11 transfers 8800 bytes, d2h 1 transfers 800 bytes" { target offload_device } } */
#include <stdlib.h>

#define N 100

static void
kernel (int n, double *A, double *S)
{
  for (int t = 0; t < 10; t++)
    {
#pragma omp target teams distribute parallel for map(to: A[0:n]) \
	map(tofrom: S[0:n])
      for (int i = 0; i < n; i++)
	{
	  S[i] += A[i];
	  A[i] = -1;	/* discarded: A is mapped to */
	}
    }
}

int
main (void)
{
  double *A = malloc (N * sizeof *A), *S = calloc (N, sizeof *S);
  for (int i = 0; i < N; i++)
    A[i] = i;
  kernel (N, A, S);
  for (int i = 0; i < N; i++)
    if (S[i] != 10.0 * i)
      abort ();
  return 0;
}

/* { dg-final { scan-deepmap-report "to-map.c:20:9: deepmap: hoist: missed: 'A' not kept on the device across the loop at to-map.c:18 because a construct maps it without 'from'" } } */
/* { dg-final { scan-deepmap-report "to-map.c:20:9: deepmap: hoist: 'S' kept on the device across the loop at to-map.c:18 \\(enter data map\\(to\\), exit data map\\(from\\)\\)" } } */
