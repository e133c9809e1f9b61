/* OMP_TARGET_OFFLOAD=mandatory and a device number that does not exist:
   an error, not a silent host fallback.  */
/* { dg-do run } */
/* { dg-require-effective-target offload_device } */
/* { dg-set-target-env-var DEEPMAP_DEVICES "emu" } */
/* { dg-set-target-env-var OMP_TARGET_OFFLOAD "mandatory" } */
/* { dg-shouldfail "device 5 does not exist" } */
/* { dg-output "deepmap: error: \[^\n\]*device 5\[^\n\]*mandatory|deepmap: error: \[^\n\]*mandatory\[^\n\]*device 5" } */

#include "dm-check.h"

int
main (void)
{
  int x = 0;
  printf ("devices: %d\n", omp_get_num_devices ());
  fflush (stdout);
#pragma omp target device(5) map(tofrom: x)
  x = 1;
  printf ("region on device 5 ran, x = %d\n", x);
  return 0;
}
