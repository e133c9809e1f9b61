/* A kernel that faults on the device in a synchronous region: one error
   line naming the kernel and the driver's error.  */
/* { dg-do run } */
/* { dg-set-target-env-var DEEPMAP_DEVICES "cuda" } */
/* { dg-set-target-env-var FAKECUDA_KERNEL_FAULT "1" } */
/* { dg-shouldfail "kernel fault" } */
/* { dg-output "deepmap: error: target on device 0 \\(cuda\\): the region\[^\n\]*kernel main\\\$_omp_fn\\\$0 failed: cuStreamSynchronize failed\[^\n\]*CUDA_ERROR_ILLEGAL_ADDRESS" } */

#include "region-error.h"
