/* A bad DEEPMAP_EMU_LINK (no latency) is an error naming the variable
   and the form it takes.  */
/* { dg-do run } */
/* { dg-require-effective-target offload_device } */
/* { dg-set-target-env-var DEEPMAP_EMU_LINK "12G" } */
/* { dg-shouldfail "bad DEEPMAP_EMU_LINK" } */
/* { dg-output "deepmap: error: bad value '12G' of DEEPMAP_EMU_LINK: expected BANDWIDTH,LATENCY" } */

#include "dm-check.h"

int
main (void)
{
  int x = 0;
#pragma omp target map(tofrom: x)
  x = 1;
  printf ("DEEPMAP_EMU_LINK=12G accepted\n");
  return 0;
}
