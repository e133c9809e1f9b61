/* A nowait region that cannot map its data (an emulated device of 1 MiB,
   4 MiB mapped) reports it in one line and exits non-zero from its task,
   instead of leaving its event unfulfilled (which would hang the
   taskwait).  */
/* { dg-do run } */
/* { dg-set-target-env-var DEEPMAP_DEVICES "emu" } */
/* { dg-set-target-env-var DEEPMAP_EMU_MEMORY "1M" } */
/* { dg-shouldfail "out of device memory" } */
/* { dg-output "deepmap: error: target on device 0 \\((emu|cuda)\\): \[^\n\]*out of device memory" } */

#include "dm-check.h"

/* 4 MiB.  */
static char big[4 << 20];

int
main (void)
{
  char *p = big;
#pragma omp parallel num_threads(2)
#pragma omp single
  {
#pragma omp target nowait map(tofrom: p[0:sizeof big])
    p[0]++;
#pragma omp taskwait
  }
  printf ("mapped 4 MiB on a 1 MiB device\n");
  return 0;
}
