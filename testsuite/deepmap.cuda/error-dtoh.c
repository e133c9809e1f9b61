/* A failing device-to-host copy names cuMemcpyDtoHAsync.  */
/* { dg-do run } */
/* { dg-set-target-env-var DEEPMAP_DEVICES "cuda" } */
/* { dg-set-target-env-var FAKECUDA_FAIL "cuMemcpyDtoHAsync:1" } */
/* { dg-shouldfail "injected driver error" } */
/* { dg-output "deepmap: error: \[^\n\]*cuMemcpyDtoHAsync failed" } */

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
