/* A section that overlaps the block of a device address the program holds
   (use_device_ptr of an active construct) and extends beyond it would
   need fusion, which would move that block: an error, not a silently
   stale pointer.  */
/* { dg-require-effective-target offload_device_nonshared_as } */
/* { dg-shouldfail "held device address cannot move" } */
/* { dg-output "deepmap: error: target enter data on device 0 \\((emu|cuda)\\): host \\\[0x\[0-9a-f\]+, 0x\[0-9a-f\]+\\) overlaps \\\[0x\[0-9a-f\]+, 0x\[0-9a-f\]+\\) and extends beyond it, but the program holds a device address in that block \\(use_device_ptr/use_device_addr" } */
#include <omp.h>
#include <stdio.h>

int a[64];

int
main (void)
{
  int *p = a;
#pragma omp target data map(tofrom: a[0:16]) use_device_ptr(p)
  {
    /* a[8:16] overlaps a[0:16] and goes beyond it.  */
#pragma omp target enter data map(to: a[8:16])
    printf ("not reached %p\n", (void *) p);
  }
  return 0;
}
