/* A region whose host function has no nvptx kernel (program built
   without -foffload=nvptx-none) is an error naming the device.  */
/* { dg-do run } */
/* { dg-set-target-env-var DEEPMAP_DEVICES "cuda" } */
/* { dg-shouldfail "no kernel" } */
/* { dg-output "deepmap: error: target on device 0 \\(cuda\\)\[^\n\]*no nvptx kernel" } */

#include "cuda-check.h"

int
main (void)
{
  int x = 0;
#pragma omp target map(tofrom: x)
  x = 1;
  printf ("region ran: x = %d\n", x);
  return 0;
}
