/* A kernel that faults on the device in a synchronous region: one error
   line naming the kernel and the driver's error.  */
/* { dg-do run } */
/* { dg-set-target-env-var DEEPMAP_DEVICES "cuda" } */
/* { dg-set-target-env-var FAKECUDA_KERNEL_FAULT "1" } */
/* { dg-shouldfail "kernel fault" } */
/* { dg-output "deepmap: error: target on device 0 \\(cuda\\): the region\[^\n\]*kernel main\\\$_omp_fn\\\$0 failed: cuStreamSynchronize failed\[^\n\]*CUDA_ERROR_ILLEGAL_ADDRESS" } */

#include "synthetic-image.h"

int
main (void)
{
  synth_register ();
  int x = 1;
  void *h[] = { &x };
  size_t s[] = { sizeof x };
  unsigned short k[] = { 3 };
  void *args[] = { NULL };
  GOMP_target_ext (0, synth_region, 1, h, s, k, 0, NULL, args);
  printf ("no error reported\n");
  return 0;
}
