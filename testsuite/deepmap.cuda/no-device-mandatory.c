/* No CUDA device and OMP_TARGET_OFFLOAD=mandatory: an error.  */
/* { dg-do run } */
/* { dg-set-target-env-var DEEPMAP_DEVICES "cuda" } */
/* { dg-set-target-env-var FAKECUDA_DEVICES "0" } */
/* { dg-set-target-env-var OMP_TARGET_OFFLOAD "mandatory" } */
/* { dg-shouldfail "mandatory offload without a device" } */
/* { dg-output "deepmap: error: target: OMP_TARGET_OFFLOAD=mandatory, but there is no offload device" } */

#include "cuda-check.h"

int
main (void)
{
  int x = 1;
#pragma omp target map(tofrom: x)
  x++;
  return 0;
}
