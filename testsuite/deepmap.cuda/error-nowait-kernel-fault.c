/* A queued kernel that faults on the device (reported by the GPU only
   later, to the stream): the construct's completion still runs, sees the
   failure and ends the program with one error line, instead of leaving
   its event unfulfilled (a hang in the taskwait) or letting dependents
   run on lost results.  */
/* { dg-do run } */
/* { dg-set-target-env-var DEEPMAP_DEVICES "cuda" } */
/* { dg-set-target-env-var FAKECUDA_KERNEL_FAULT "1" } */
/* { dg-shouldfail "kernel fault" } */
/* { dg-output "deepmap: error: nowait construct on device 0 \\(cuda\\): cuda device 0: queued work failed: CUDA_ERROR_ILLEGAL_ADDRESS \\(700\\)" } */

#include "nowait-error.h"
