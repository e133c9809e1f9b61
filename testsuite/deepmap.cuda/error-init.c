/* cuInit failing for a reason other than no device is reported when DEEPMAP_DEVICES asks for CUDA.  */
/* { dg-do run } */
/* { dg-set-target-env-var DEEPMAP_DEVICES "cuda" } */
/* { dg-set-target-env-var FAKECUDA_FAIL "cuInit:1:999" } */
/* { dg-shouldfail "injected driver error" } */
/* { dg-output "deepmap: error: DEEPMAP_DEVICES names cuda devices, but none can be used: cuInit failed" } */

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
