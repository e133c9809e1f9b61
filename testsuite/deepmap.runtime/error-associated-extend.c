/* A section that overlaps device memory the program provided with
   omp_target_associate_ptr and extends beyond it cannot be fused: that
   memory cannot move.  */
/* { dg-require-effective-target offload_device_nonshared_as } */
/* { dg-shouldfail "associated memory cannot be extended" } */
/* { dg-output "deepmap: error: target enter data on device 0 \\((emu|cuda)\\): host \\\[0x\[0-9a-f\]+, 0x\[0-9a-f\]+\\) overlaps \\\[0x\[0-9a-f\]+, 0x\[0-9a-f\]+\\), whose device memory the program provided" } */
#include <omp.h>
#include <stdio.h>

int a[64];

int
main (void)
{
  int dev = omp_get_default_device ();
  void *d = omp_target_alloc (16 * sizeof (int), dev);
  if (omp_target_associate_ptr (a, d, 16 * sizeof (int), 0, dev) != 0)
    return 2;
  /* a[8:16] overlaps a[0:16] and goes beyond it.  */
#pragma omp target enter data map(to: a[8:16])
  printf ("not reached\n");
  return 0;
}
