/* A failing wait for a synchronous copy names cuStreamSynchronize.  */
/* { dg-do run } */
/* { dg-set-target-env-var DEEPMAP_DEVICES "cuda" } */
/* { dg-set-target-env-var FAKECUDA_FAIL "cuStreamSynchronize:1" } */
/* { dg-shouldfail "injected driver error" } */
/* { dg-output "deepmap: error: \[^\n\]*cuStreamSynchronize failed: unspecified launch failure" } */

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
