/* A region writes a large declare target variable both at its host
   address and, in the same page, through a device pointer it loads from
   memory: the emulated device, which kept only hashes of the variable
   (its device copy equalled the host value), cannot tell the host's
   value there and stops with an error instead of guessing.  */
/* { dg-do run } */
/* The emulated device's limit: a GPU has both copies and is right.  */
/* { dg-set-target-env-var DEEPMAP_DEVICES "emu" } */
/* { dg-require-effective-target offload_device_nonshared_as } */
/* { dg-shouldfail "both addresses written in one page" } */
/* { dg-output "deepmap: error: emulated device: a region wrote the declare target variable at host 0x\[0-9a-f\]+ \\(4194304 bytes\\) both at its host address and through its device address 0x\[0-9a-f\]+, near byte 0" } */

#include "dm-check.h"

#define N (1 << 20)

#pragma omp declare target
int G[N];
int *gp;
#pragma omp end declare target

int
main (void)
{
  int dev = dm_dev ();
  dm_require_device ();
  gp = dm_mapped (G, dev);
#pragma omp target update to(gp)
#pragma omp target
  {
    G[3] = 1;
    gp[4] = 2;
  }
  return 0;
}
