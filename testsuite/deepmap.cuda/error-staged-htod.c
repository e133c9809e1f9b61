/* A failing staged chunk names cuMemcpyHtoDAsync.  */
/* { dg-do run } */
/* { dg-set-target-env-var DEEPMAP_DEVICES "cuda" } */
/* { dg-set-target-env-var FAKECUDA_FAIL "cuMemcpyHtoDAsync:2" } */
/* { dg-set-target-env-var DEEPMAP_CUDA_CHUNK "1M" } */
/* { dg-set-target-env-var DEEPMAP_CUDA_DIRECT_MAX "64K" } */
/* { dg-shouldfail "injected driver error" } */
/* { dg-output "deepmap: error: \[^\n\]*staged copy\[^\n\]*cuMemcpyHtoDAsync failed" } */

#include "cuda-check.h"

int
main (void)
{
  size_t n = (size_t) 3 << 20;
  char *a = calloc (n, 1);
#pragma omp target enter data map(to: a[0:n])
#pragma omp target exit data map(from: a[0:n])
  printf ("no error reported\n");
  return 0;
}
