/* A region whose queued launch fails reports it in one
   line and exits non-zero from the task that queued it, instead of
   leaving its event unfulfilled (which would hang the taskwait).  */
/* { dg-do run } */
/* { dg-set-target-env-var DEEPMAP_DEVICES "cuda" } */
/* { dg-set-target-env-var FAKECUDA_FAIL "cuLaunchKernel:1" } */
/* { dg-shouldfail "injected driver error" } */
/* { dg-output "deepmap: error: target nowait on device 0 \\(cuda\\): the region\[^\n\]*cuLaunchKernel failed" } */

#include "nowait-error.h"
