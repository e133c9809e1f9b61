/* A driver without devices: DEEPMAP_DEVICES=cuda gives no device, and
   constructs run on the host.  */
/* { dg-do run } */
/* { dg-set-target-env-var DEEPMAP_DEVICES "cuda" } */
/* { dg-set-target-env-var FAKECUDA_DEVICES "0" } */

#include "cuda-check.h"

int
main (void)
{
  CHECK (omp_get_num_devices () == 0, "%d devices", omp_get_num_devices ());
  int x = 1;
#pragma omp target map(tofrom: x)
  x += omp_is_initial_device ();
  CHECK (x == 2, "host fallback: x = %d", x);
  return 0;
}
