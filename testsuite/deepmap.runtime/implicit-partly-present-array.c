/* An array larger than a structure, implicitly mapped by a region while
   a section of it is present, uses just that section (OpenMP 5.1): no
   byte outside it is transferred.  (A small object partly present is
   mapped whole instead: struct-members-enter-data.c.)  */
/* { dg-do run } */
/* { dg-require-effective-target offload_device_nonshared_as } */
/* { dg-set-target-env-var DEEPMAP_STATS "1" } */
/* { dg-output "deepmap: device 0 \\((emu|cuda)\\): h2d 1 transfers 128 bytes, d2h 1 transfers 128 bytes" } */

#include "dm-check.h"

static double big[1 << 14];

int
main (void)
{
  for (int i = 0; i < 16; i++)
    big[i] = i;
#pragma omp target enter data map(to: big[0:16])
#pragma omp target
  for (int i = 0; i < 16; i++)
    big[i] += 1;
  CHECK (!omp_target_is_present (&big[16], dm_dev ()));
#pragma omp target exit data map(from: big[0:16])
  for (int i = 0; i < 16; i++)
    CHECK (big[i] == i + 1, "big[%d] = %g", i, big[i]);
  return 0;
}
