/* A nowait enter data whose queued copy fails reports it in one
   line and exits non-zero from the task that queued it, instead of
   leaving its event unfulfilled (which would hang the taskwait).  */
/* { dg-do run } */
/* { dg-set-target-env-var DEEPMAP_DEVICES "cuda" } */
/* { dg-set-target-env-var FAKECUDA_FAIL "cuMemcpyHtoDAsync:1" } */
/* { dg-shouldfail "injected driver error" } */
/* { dg-output "deepmap: error: target enter data on device 0 \\(cuda\\)\[^\n\]*cuMemcpyHtoDAsync failed" } */

#include "cuda-check.h"

int
main (void)
{
  int x[64] = { 1 };
#pragma omp parallel num_threads(2)
#pragma omp single
  {
#pragma omp target enter data nowait map(to: x)
#pragma omp taskwait
  }
  printf ("no error reported\n");
  return 0;
}
