/* A time loop that changes the default device between its constructs
   (omp_set_default_device): kept on the device the loop started on, the
   array would be stale for the next constructs, which run on the other
   device and copy in the host's older bytes.  Where the plugin sees the
   call, the array is not kept; results are the host's (two emulated
   devices).  */
/* { dg-options "-fplugin-arg-deepmap-report" } */
/* { dg-set-target-env-var DEEPMAP_DEVICES "emu,emu" } */
/* { dg-final { scan-deepmap-report "'a' not kept on the device across the loop at default-device.c:\[0-9\]+ because the loop changes the default device" } } */
#include <stdlib.h>
#include <omp.h>
#include "check.h"

#define N 1000
#define STEPS 4

int
main (void)
{
  double *a = (double *) malloc (N * sizeof *a);
  double *h = (double *) malloc (N * sizeof *h);
  for (int i = 0; i < N; i++)
    a[i] = h[i] = i;
  int ndev = omp_get_num_devices ();
  for (int t = 0; t < STEPS; t++)
    {
#pragma omp target teams distribute parallel for map(tofrom: a[0:N])
      for (int i = 0; i < N; i++)
	a[i] += 1.0;
      omp_set_default_device (ndev > 1 ? t % 2 : 0);
#pragma omp target teams distribute parallel for map(tofrom: a[0:N])
      for (int i = 0; i < N; i++)
	a[i] *= 0.5;
      for (int i = 0; i < N; i++)
	h[i] = (h[i] + 1.0) * 0.5;
    }
  for (int i = 0; i < N; i++)
    CHECK (a[i] == h[i], "a[%d] = %g, host %g", i, a[i], h[i]);
  free (a);
  free (h);
  return 0;
}
