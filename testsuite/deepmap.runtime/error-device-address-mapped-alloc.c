/* omp_target_alloc memory entered as host data (target enter data of the
   device pointer): one error line, as for any device address mapped as
   host memory; is_device_ptr is the way to hand it to a region.  */
/* { dg-do run } */
/* { dg-set-target-env-var DEEPMAP_DEVICES "emu" } */
/* { dg-set-target-env-var DEEPMAP_EMU_STRICT "1" } */
/* { dg-shouldfail "omp_target_alloc memory mapped as host data" } */
/* { dg-output "deepmap: error: target enter data on device 0 \\(emu\\): host \\\[0x\[0-9a-f\]+, 0x\[0-9a-f\]+\\) \\(64 bytes\\) is memory of the device itself" } */

#include <omp.h>

int
main (void)
{
  int dev = omp_get_default_device ();
  double *d = omp_target_alloc (64 * sizeof (double), dev);
  /* Correct use first.  */
#pragma omp target is_device_ptr(d)
  for (int i = 0; i < 64; i++)
    d[i] = i;
  /* A part of it, as if it were host data.  */
#pragma omp target enter data map(to: d[8:8])
  return 2;
}
