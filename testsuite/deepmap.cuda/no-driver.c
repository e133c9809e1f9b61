/* DEEPMAP_CUDA_LIBRARY naming a library that does not exist is an
   error when DEEPMAP_DEVICES asks for CUDA.  */
/* { dg-do run } */
/* { dg-set-target-env-var DEEPMAP_DEVICES "cuda" } */
/* { dg-set-target-env-var DEEPMAP_CUDA_LIBRARY "/nonexistent/libcuda.so.1" } */
/* { dg-shouldfail "no driver" } */
/* { dg-output "deepmap: error: DEEPMAP_DEVICES names cuda devices, but none can be used: cannot open the CUDA driver /nonexistent/libcuda.so.1" } */

#include <omp.h>
#include <stdio.h>

int
main (void)
{
  printf ("%d devices\n", omp_get_num_devices ());
  return 0;
}
