/* A region that writes a constant table (its const cast away: undefined
   in C) mapped tofrom cannot have it copied back into read-only memory:
   an error naming the range, not a fault inside the runtime.  */
/* { dg-do run } */
/* { dg-require-effective-target offload_device_nonshared_as } */
/* { dg-shouldfail "device wrote a constant" } */
/* { dg-output "deepmap: error: \[^\n\]*changed read-only host memory" } */

#include "dm-check.h"

static const int table[4] = { 1, 2, 3, 4 };

int
main (void)
{
#pragma omp target map(tofrom: table)
  ((int *) table)[2] = 30;
  printf ("the copy back into read-only memory was accepted\n");
  return 0;
}
