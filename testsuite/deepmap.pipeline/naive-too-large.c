/* The naive offload of capi-larger.c's data set (2 MiB on a 1 MiB
   device) stops with the runtime's out-of-memory error: the pipelined
   run of capi-larger.c is what makes it fit.  */
/* { dg-require-effective-target offload_device_nonshared_as } */
/* On the emulated device even under make check-gpu: DEEPMAP_EMU_MEMORY is
   the emulated device's.  */
/* { dg-set-target-env-var DEEPMAP_DEVICES "emu" } */
/* { dg-set-target-env-var DEEPMAP_EMU_MEMORY "1M" } */
/* { dg-shouldfail "out of device memory" } */
/* { dg-output "deepmap: error: .*out of device memory" } */
#include "stencil.h"

int
main (void)
{
  float *A0, *An, *want;
  stencil_setup (&A0, &An, &want, 64, 64, 64);
  stencil_sweep_naive (A0, An, 64, 64, 64);
  return 0;
}
