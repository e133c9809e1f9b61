/* Mapping more than the device holds (an emulated device of 1 MiB, 4 MiB
   mapped): an error saying the device is out of memory and how many
   bytes were asked for.  */
/* { dg-do run } */
/* { dg-require-effective-target offload_device } */
/* { dg-set-target-env-var DEEPMAP_DEVICES "emu" } */
/* { dg-set-target-env-var DEEPMAP_EMU_MEMORY "1M" } */
/* { dg-shouldfail "out of device memory" } */
/* { dg-output "deepmap: error: \[^\n\]*(out of device memory\[^\n\]*bytes|bytes\[^\n\]*out of device memory)" } */

#include "dm-check.h"

#define BYTES (4 << 20)

int
main (void)
{
  char *p = malloc (BYTES);
  CHECK (p != NULL, "malloc");
  memset (p, 1, BYTES);
#pragma omp target enter data map(to: p[0:BYTES])
  printf ("mapped 4 MiB on a 1 MiB device\n");
  return 0;
}
