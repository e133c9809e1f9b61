/* OMP_TARGET_OFFLOAD=disabled: no devices (omp_get_num_devices () is 0,
   OpenMP 5.1), regions and data constructs run on the host, and mapped
   data is the host data itself.  */
/* { dg-do run } */
/* { dg-set-target-env-var OMP_TARGET_OFFLOAD "disabled" } */

#include "dm-check.h"

#define N 16

int
main (void)
{
  int a[N];
  CHECK (omp_get_num_devices () == 0, "omp_get_num_devices () = %d, "
	 "expected 0", omp_get_num_devices ());
  CHECK (omp_get_initial_device () == 0, "omp_get_initial_device () = %d",
	 omp_get_initial_device ());

  for (int i = 0; i < N; i++)
    a[i] = i;
  int initial = -1, devnum = -1;
#pragma omp target data map(tofrom: a)
  {
#pragma omp target map(from: initial, devnum)
    {
      initial = omp_is_initial_device ();
      devnum = omp_get_device_num ();
      for (int i = 0; i < N; i++)
	a[i] = -i;
    }
    /* On the host there is no separate copy: the change is visible at
       once.  */
    CHECK_INTS (a, N, -i, "host a inside target data");
  }
  CHECK (initial == 1, "omp_is_initial_device () in a region = %d",
	 initial);
  CHECK (devnum == omp_get_initial_device (),
	 "omp_get_device_num () in a region = %d", devnum);

  /* device(0) names no device now: still runs on the host.  */
#pragma omp target device(0) map(from: initial)
  initial = omp_is_initial_device ();
  CHECK (initial == 1, "device(0) region: omp_is_initial_device () = %d",
	 initial);
  return 0;
}
