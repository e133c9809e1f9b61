/* A bad DEEPMAP_EMU_MEMORY is an error naming the variable.  */
/* { dg-do run } */
/* { dg-require-effective-target offload_device } */
/* { dg-set-target-env-var DEEPMAP_EMU_MEMORY "lots" } */
/* { dg-shouldfail "bad DEEPMAP_EMU_MEMORY" } */
/* { dg-output "deepmap: error: \[^\n\]*DEEPMAP_EMU_MEMORY" } */

#include "dm-check.h"

int
main (void)
{
  int x = 0;
#pragma omp target map(tofrom: x)
  x = 1;
  printf ("DEEPMAP_EMU_MEMORY=lots accepted\n");
  return 0;
}
