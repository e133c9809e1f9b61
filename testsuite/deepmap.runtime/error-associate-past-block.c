/* omp_target_associate_ptr with a device range that runs past the end of
   its omp_target_alloc block: regions would read and write the bytes
   after the block as the object's copy.  One error line naming the call
   and the block, before any region runs.  */
/* { dg-do run } */
/* { dg-require-effective-target offload_device_nonshared_as } */
/* { dg-shouldfail "device range past its omp_target_alloc block" } */
/* { dg-output "deepmap: error: omp_target_associate_ptr \\(0x\[0-9a-f\]+, 0x\[0-9a-f\]+, 800, 16, 0\\): device \\\[0x\[0-9a-f\]+, 0x\[0-9a-f\]+\\) runs 736 bytes past the end of the 80-byte omp_target_alloc block at 0x\[0-9a-f\]+ on device 0" } */

#include "dm-check.h"

int
main (void)
{
  double *a = calloc (100, sizeof *a);
  void *d = omp_target_alloc (80, 0);
  CHECK (d != NULL, "omp_target_alloc");
  /* Inside the block: accepted.  */
  CHECK (omp_target_associate_ptr (a, d, 64, 16, 0) == 0, "associate");
  CHECK (omp_target_disassociate_ptr (a, 0) == 0, "disassociate");
  omp_target_associate_ptr (a, d, 800, 16, 0);
#pragma omp target map(tofrom: a[0:100])
  for (int i = 0; i < 100; i++)
    a[i] = i;
  printf ("not reached\n");
  return 0;
}
