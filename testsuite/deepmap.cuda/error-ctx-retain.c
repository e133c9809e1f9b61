/* No primary context: the device cannot start.  */
/* { dg-do run } */
/* { dg-set-target-env-var DEEPMAP_DEVICES "cuda" } */
/* { dg-set-target-env-var FAKECUDA_FAIL "cuDevicePrimaryCtxRetain:1" } */
/* { dg-shouldfail "injected driver error" } */
/* { dg-output "deepmap: error: cannot start device 0 \\(cuda #0\\): \[^\n\]*cuDevicePrimaryCtxRetain failed" } */

#include "cuda-check.h"

int
main (void)
{
  int a[64] = { 1 };
#pragma omp target enter data map(to: a)
#pragma omp target exit data map(from: a)
  printf ("no error reported\n");
  return 0;
}
