/* omp_target_associate_ptr given a host address as the device pointer:
   the emulated device knows its memory, and a host address is none of it
   (regions there would use the host memory as the device copy, where a
   GPU faults).  One error line naming the call and the range.  */
/* { dg-do run } */
/* { dg-require-effective-target offload_device_nonshared_as } */
/* { dg-set-target-env-var DEEPMAP_DEVICES "emu" } */
/* { dg-shouldfail "host address given as device memory" } */
/* { dg-output "deepmap: error: omp_target_associate_ptr \\(0x\[0-9a-f\]+, 0x\[0-9a-f\]+, 800, 0, 0\\): \\\[0x\[0-9a-f\]+, 0x\[0-9a-f\]+\\) is not device memory of emulated device 0" } */

#include "dm-check.h"

int
main (void)
{
  double *a = calloc (100, sizeof *a);
  double *not_device = calloc (100, sizeof *not_device);
  omp_target_associate_ptr (a, not_device, 800, 0, 0);
#pragma omp target map(tofrom: a[0:100])
  for (int i = 0; i < 100; i++)
    a[i] = i;
  printf ("not reached\n");
  return 0;
}
