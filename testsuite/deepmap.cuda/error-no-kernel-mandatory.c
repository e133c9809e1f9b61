/* With OMP_TARGET_OFFLOAD=mandatory, a region with no nvptx kernel may not
   fall back to the host: one error line naming the device.  */
/* { dg-do run } */
/* { dg-set-target-env-var DEEPMAP_DEVICES "cuda" } */
/* { dg-set-target-env-var OMP_TARGET_OFFLOAD "mandatory" } */
/* { dg-shouldfail "no kernel" } */
/* { dg-output "deepmap: error: target on device 0 \\(cuda\\): no device code for the region \\(host function 0x\[0-9a-f\]+; build with -foffload=nvptx-none\\), and OMP_TARGET_OFFLOAD=mandatory forbids running it on the host" } */

#include "cuda-check.h"

int
main (void)
{
  int x = 0;
#pragma omp target map(tofrom: x)
  x = 1;
  printf ("region ran: x = %d\n", x);
  return 0;
}
