/* OMP_DEFAULT_DEVICE=1 with two devices: constructs without a device
   clause go to device 1.  */
/* { dg-do run } */
/* { dg-require-effective-target offload_device_nonshared_as } */
/* { dg-set-target-env-var DEEPMAP_DEVICES "emu,emu" } */
/* { dg-set-target-env-var OMP_DEFAULT_DEVICE "1" } */

#include "dm-check.h"

int
main (void)
{
  int a[8] = { 0 };
  int got = -1;

  CHECK (omp_get_num_devices () == 2, "omp_get_num_devices () = %d",
	 omp_get_num_devices ());
  CHECK (omp_get_default_device () == 1, "omp_get_default_device () = %d, "
	 "expected 1", omp_get_default_device ());

#pragma omp target map(from: got)
  got = omp_get_device_num ();
  CHECK (got == 1, "region ran on device %d, expected 1", got);

#pragma omp target enter data map(to: a)
  CHECK (omp_target_is_present (a, 1), "a not present on device 1");
  CHECK (!omp_target_is_present (a, 0), "a present on device 0");
#pragma omp target exit data map(release: a)
  CHECK (!omp_target_is_present (a, 1), "a still present on device 1");

  omp_set_default_device (0);
#pragma omp target map(from: got)
  got = omp_get_device_num ();
  CHECK (got == 0, "after omp_set_default_device (0): ran on %d", got);
  return 0;
}
