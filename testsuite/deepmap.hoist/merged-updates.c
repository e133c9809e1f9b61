/* The target updates at one place share a call.  Two arrays kept
   across a loop whose host loops read both (each gets an update from of
   the bytes the loop reads, on the loop's way in) and write both (an
   update to of the stretch written, on its way out): one update call of
   two sections at each place, with one record that names both, so that
   DEEPMAP_CHECK takes both checksums again.  Results are the host's.  */
/* { dg-options "-fplugin-arg-deepmap-report -fdump-tree-all" } */
/* { dg-set-target-env-var DEEPMAP_STATS "1" } */
/* { dg-set-target-env-var DEEPMAP_CHECK "1" } */
#include "check.h"

#define N 64
#define STEPS 4

static double A[N], B[N], C[N];
static double hA[N], hB[N], hC[N];

__attribute__ ((noinline)) static double
relax (int steps)
{
  double s = 0;
  for (int t = 0; t < steps; t++)
    {
#pragma omp target teams distribute parallel for map(tofrom: A, B, C)
      for (int i = 0; i < N; i++)
	{
	  A[i] = A[i] * 0.5 + B[i];
	  B[i] = B[i] * 0.25 + C[i];
	  C[i] += 1;
	}
      for (int j = 0; j < N; j++)
	s += A[j] + 2 * B[j];
      for (int j = 0; j < N; j++)
	{
	  A[j] = t + j;
	  B[j] = t - j;
	}
    }
  return s;
}

int
main (void)
{
  for (int i = 0; i < N; i++)
    A[i] = hA[i] = i, B[i] = hB[i] = 2 * i, C[i] = hC[i] = 3 * i;
  double s = relax (STEPS), hs = 0;
  for (int t = 0; t < STEPS; t++)
    {
      for (int i = 0; i < N; i++)
	{
	  hA[i] = hA[i] * 0.5 + hB[i];
	  hB[i] = hB[i] * 0.25 + hC[i];
	  hC[i] += 1;
	}
      for (int j = 0; j < N; j++)
	hs += hA[j] + 2 * hB[j];
      for (int j = 0; j < N; j++)
	hA[j] = t + j, hB[j] = t - j;
    }
  CHECK (s == hs, "sum %g, expected %g", s, hs);
  for (int i = 0; i < N; i++)
    CHECK (A[i] == hA[i] && B[i] == hB[i] && C[i] == hC[i],
	   "[%d]: %g %g %g, expected %g %g %g", i, A[i], B[i], C[i], hA[i],
	   hB[i], hC[i]);
  return 0;
}
/* Kept: A, B and C in and out once (3 x 512 bytes each way); per step
   an update from and an update to of A and B (1024 bytes each way).  */
/* { dg-output "deepmap: device 0 \\((emu|cuda)\\): h2d 11 transfers 5632 bytes, d2h 11 transfers 5632 bytes" { target offload_device } } */
/* { dg-final { scan-tree-dump-times "GOMP_target_update_ext \\(\[^,\]+, 3, &deepmap_hoist" 2 "deepmap_hoist" } } */
/* { dg-final { scan-tree-dump-not "GOMP_target_update_ext \\(\[^,\]+, 2, " "deepmap_hoist" } } */
/* { dg-final { scan-deepmap-report "merged-updates.c:32:8: deepmap: hoist: 'A' copied from the device before the host loop whose reads may see it \\(target update from\\)" } } */
/* { dg-final { scan-deepmap-report "merged-updates.c:36:9: deepmap: hoist: 'B' copied to the device after the host loop whose writes may change it \\(target update to\\)" } } */
