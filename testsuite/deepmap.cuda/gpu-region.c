/* On a real GPU (make check-gpu): a region runs as an nvptx kernel,
   with teams and threads, on data mapped through the staging ring, and
   writes a declare target variable.  */
/* { dg-do run } */
/* { dg-require-effective-target offload_target_nvptx } */
/* { dg-set-target-env-var DEEPMAP_DEVICES "cuda" } */
/* { dg-set-target-env-var DEEPMAP_CUDA_DIRECT_MAX "64K" } */

#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

#pragma omp declare target
int counter = 5;
#pragma omp end declare target

#define N (3 * 1024 * 1024 + 7)

int
main (void)
{
  double *a = malloc (N * sizeof *a);
  for (long i = 0; i < N; i++)
    a[i] = i;
  int on_host = 1, dev = -1;
#pragma omp target teams distribute parallel for map(tofrom: a[0:N]) \
  num_teams(64) thread_limit(8)
  for (long i = 0; i < N; i++)
    a[i] = 2 * a[i] + 1;
#pragma omp target map(from: on_host, dev)
  {
    on_host = omp_is_initial_device ();
    dev = omp_get_device_num ();
    counter += 10;
  }
#pragma omp target update from(counter)
  for (long i = 0; i < N; i++)
    if (a[i] != 2.0 * i + 1)
      {
	printf ("a[%ld] = %g\n", i, a[i]);
	abort ();
      }
  if (on_host || dev != 0 || counter != 15)
    {
      printf ("on_host %d, device %d, counter %d\n", on_host, dev, counter);
      abort ();
    }
  return 0;
}
