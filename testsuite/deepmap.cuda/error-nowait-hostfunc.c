/* A nowait construct whose completion cannot be queued reports it in one
   line and exits non-zero from the task that queued it, instead of
   leaving its event unfulfilled (which would hang the taskwait).  */
/* { dg-do run } */
/* { dg-set-target-env-var DEEPMAP_DEVICES "cuda" } */
/* { dg-set-target-env-var FAKECUDA_FAIL "cuStreamAddCallback:1" } */
/* { dg-shouldfail "injected driver error" } */
/* { dg-output "deepmap: error: nowait construct on device 0 \\(cuda\\): cannot queue its completion\[^\n\]*cuStreamAddCallback failed" } */

#include "nowait-error.h"
