/* A target update from a thread of a parallel region inside a target
   region, through a function the region calls: on a GPU no runtime
   serves a construct there.  One error line, exit status 1.  */
/* { dg-do run } */
/* { dg-set-target-env-var DEEPMAP_DEVICES "emu" } */
/* { dg-shouldfail "target update in a region" } */
/* { dg-output "deepmap: error: target update inside a target region on device 0: a construct nested in a region has no runtime on a GPU" } */

#include <omp.h>

int a[64];

#pragma omp declare target
void
refresh (int i)
{
  a[i] = i;
  if (i == 1)
    {
#pragma omp target update from(a)
    }
}
#pragma omp end declare target

int
main (void)
{
#pragma omp target enter data map(to: a)
#pragma omp target
#pragma omp parallel for num_threads (2)
  for (int i = 0; i < 64; i++)
    refresh (i);
#pragma omp target exit data map(from: a)
  return 4;
}
