/* A bad DEEPMAP_CUDA_CHUNK is an error naming the variable.  */
/* { dg-do run } */
/* { dg-set-target-env-var DEEPMAP_DEVICES "cuda" } */
/* { dg-set-target-env-var DEEPMAP_CUDA_CHUNK "bogus" } */
/* { dg-shouldfail "bad DEEPMAP_CUDA_CHUNK" } */
/* { dg-output "deepmap: error: bad value\[^\n\]*DEEPMAP_CUDA_CHUNK\[^\n\]*byte count" } */

#include <omp.h>
#include <stdio.h>

int
main (void)
{
  printf ("%d devices\n", omp_get_num_devices ());
  return 0;
}
