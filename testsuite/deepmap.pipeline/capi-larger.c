/* A data set twice the device's memory (DEEPMAP_EMU_MEMORY=1M, two
   arrays of 1 MiB each) runs pipelined, with exact results, and the
   device memory peak (DEEPMAP_STATS) stays within the limit given.  */
/* { dg-require-effective-target offload_device_nonshared_as } */
/* On the emulated device even under make check-gpu: DEEPMAP_EMU_MEMORY is
   the emulated device's.  */
/* { dg-set-target-env-var DEEPMAP_DEVICES "emu" } */
/* { dg-set-target-env-var DEEPMAP_EMU_MEMORY "1M" } */
/* { dg-set-target-env-var DEEPMAP_STATS "1" } */
/* { dg-output "allocations \[0-9\]+, peak (\[0-9\]{1,5}|1\[0-9\]{5}) bytes" } */
#include "stencil.h"

int
main (void)
{
  float *A0, *An, *want;
  size_t n = stencil_setup (&A0, &An, &want, 64, 64, 64);
  /* 200000 bytes: 3 slots of 4 rows of A0 and 2 rows of An, 16 KiB each.  */
  stencil_sweep (A0, An, 64, 64, 64, 0, 3, 200000);
  if (stencil_compare (An, want, n, "pipelined"))
    abort ();
  return 0;
}
