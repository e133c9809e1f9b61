/* A map(from:) of memory that is not the program's (a pointer never set
   to any): the copy back at the end of the region stops with one error
   line instead of faulting inside the runtime.  */
/* { dg-do run } */
/* { dg-require-effective-target offload_device_nonshared_as } */
/* { dg-shouldfail "host memory that is not mapped" } */
/* { dg-output "deepmap: error: end of target on device 0 \\(emu\\): copying host \\\[0x10, 0x50\\) from the device failed: host \\\[0x10, 0x50\\) is not readable memory of the process" } */

#include <stdint.h>
#include "dm-check.h"

int
main (int argc, char **argv)
{
  /* An address no program has mapped: the first page.  */
  int *p = (int *) (uintptr_t) (argc * 16);
#pragma omp target map(from: p[0:16])
  for (int i = 0; i < 16; i++)
    p[i] = i;
  printf ("copied back\n");
  return 0;
}
