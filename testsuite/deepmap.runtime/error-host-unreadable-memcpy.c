/* omp_target_memcpy to host memory the program cannot access (reserved
   without access): one error line naming the routine and the range.  */
/* { dg-do run } */
/* { dg-require-effective-target offload_device_nonshared_as } */
/* { dg-shouldfail "host memory that is not mapped" } */
/* { dg-output "deepmap: error: omp_target_memcpy of 64 bytes from 0x\[0-9a-f\]+ on device 0 to 0x\[0-9a-f\]+ on device \[0-9\]+ failed: host \\\[0x\[0-9a-f\]+, 0x\[0-9a-f\]+\\) is not readable memory of the process" } */

#include <sys/mman.h>
#include "dm-check.h"

int
main (void)
{
  int dev = dm_dev ();
  char *d = omp_target_alloc (64, dev);
  CHECK (d != NULL, "omp_target_alloc");
  char *h = mmap (NULL, 4096, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  CHECK (h != MAP_FAILED, "mmap");
  omp_target_memcpy (h, d, 64, 0, 0, omp_get_initial_device (), dev);
  printf ("copied\n");
  return 0;
}
