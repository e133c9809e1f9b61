/* A map clause whose pointer points to memory the program cannot read
   (here reserved without access, as a thread stack's guard is): one
   error line naming the construct and the host range, where the copy to
   the device faulted inside the runtime before.  */
/* { dg-do run } */
/* { dg-require-effective-target offload_device_nonshared_as } */
/* { dg-shouldfail "host memory that is not mapped" } */
/* { dg-output "deepmap: error: target on device 0 \\(emu\\): copying host \\\[0x\[0-9a-f\]+, 0x\[0-9a-f\]+\\) to the device failed: host \\\[0x\[0-9a-f\]+, 0x\[0-9a-f\]+\\) is not readable memory of the process" } */

#include <sys/mman.h>
#include "dm-check.h"

int
main (void)
{
  int *p = mmap (NULL, 4096, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  CHECK (p != MAP_FAILED, "mmap");
  int s = 0;
#pragma omp target map(to: p[0:16]) map(tofrom: s)
  s = p[0];
  printf ("the region ran: %d\n", s);
  return 0;
}
