/* Without DEEPMAP_DEVICES every CUDA device is used (two fake ones), and
   the emulated device only when there is none.  */
/* { dg-do run } */
/* { dg-set-target-env-var FAKECUDA_DEVICES "2" } */
/* An empty value means "unset": the default device list.  */
/* { dg-set-target-env-var DEEPMAP_DEVICES "" } */

#include "cuda-check.h"

int
main (void)
{
  CHECK (omp_get_num_devices () == 2, "%d devices", omp_get_num_devices ());
  int a[4] = { 1, 2, 3, 4 };
#pragma omp target enter data map(to: a) device(1)
  CHECK (FK_IS_DEVICE_ADDR (dm_mapped (a, 1)), "device 1 is not CUDA");
  return 0;
}
