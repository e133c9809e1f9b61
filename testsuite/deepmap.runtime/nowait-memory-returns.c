/* Device memory freed while nowait constructs are in flight is parked
   until queued work cannot use it any more; once the last one has
   completed, what synchronous constructs free goes back to the pool
   again.  Here 200 synchronous regions map 4 MiB each on a 64 MiB device
   after one nowait region: before, everything they freed stayed parked
   and the device ran out of memory.  */
/* { dg-do run } */
/* { dg-require-effective-target offload_device_nonshared_as } */
/* { dg-set-target-env-var DEEPMAP_EMU_MEMORY "64M" } */

#include "dm-check.h"

#define N (1 << 20)

int
main (void)
{
  int *x = malloc (N * sizeof *x), small = 0;
  CHECK (x != NULL, "out of memory");
  dm_require_device ();
  for (int i = 0; i < N; i++)
    x[i] = i;
#pragma omp parallel num_threads(2)
#pragma omp single
  {
#pragma omp target nowait map(tofrom: small)
    small++;
#pragma omp taskwait
  }
  for (int it = 0; it < 200; it++)
    {
#pragma omp target map(tofrom: x[0:N])
      x[0]++;
    }
  CHECK (small == 1 && x[0] == 200, "small %d, x[0] %d", small, x[0]);
  free (x);
  return 0;
}
