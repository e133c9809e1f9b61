/* A device address from use_device_ptr mapped by a later construct as if
   it were host data: the emulated device's memory lies in the host's
   address space, so the copy worked there and the program printed the
   right sum, where a GPU's copy reads device memory as host memory (PRK's
   stencil does this through use_device_addr).  One error line naming the
   range and what to do instead.  */
/* { dg-do run } */
/* { dg-set-target-env-var DEEPMAP_DEVICES "emu" } */
/* { dg-set-target-env-var DEEPMAP_EMU_STRICT "1" } */
/* { dg-shouldfail "device address mapped as host data" } */
/* { dg-output "deepmap: error: target on device 0 \\(emu\\): host \\\[0x\[0-9a-f\]+, 0x\[0-9a-f\]+\\) \\(4000 bytes\\) is memory of the device itself, not host memory: a device address \\(from use_device_ptr, use_device_addr, omp_target_alloc or omp_get_mapped_ptr\\) where the program's host data belongs" } */

#include <stdlib.h>

int
main (void)
{
  int n = 1000, *a = malloc (n * sizeof *a);
  for (int i = 0; i < n; i++)
    a[i] = i;
  long s = 0;
#pragma omp target data map(to: a[0:n])
  {
    int *d;
#pragma omp target data use_device_ptr(a)
    d = a;
#pragma omp target map(to: d[0:n]) map(tofrom: s)
    for (int i = 0; i < n; i++)
      s += d[i];
  }
  return s == 499500 ? 2 : 3;
}
