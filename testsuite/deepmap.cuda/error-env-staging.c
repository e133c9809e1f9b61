/* A bad DEEPMAP_CUDA_STAGING is an error naming the variable.  */
/* { dg-do run } */
/* { dg-set-target-env-var DEEPMAP_DEVICES "cuda" } */
/* { dg-set-target-env-var DEEPMAP_CUDA_STAGING "1M" } */
/* { dg-shouldfail "bad DEEPMAP_CUDA_STAGING" } */
/* { dg-output "deepmap: error: bad value\[^\n\]*DEEPMAP_CUDA_STAGING\[^\n\]*two chunks" } */

#include <omp.h>
#include <stdio.h>

int
main (void)
{
  printf ("%d devices\n", omp_get_num_devices ());
  return 0;
}
