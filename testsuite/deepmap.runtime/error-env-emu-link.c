/* A bad DEEPMAP_EMU_LINK (a latency without its unit) is an error
   naming the variable and the form it takes.  */
/* { dg-do run } */
/* { dg-require-effective-target offload_device } */
/* { dg-set-target-env-var DEEPMAP_EMU_LINK "12G,10" } */
/* { dg-shouldfail "bad DEEPMAP_EMU_LINK" } */
/* { dg-output "deepmap: error: bad value '12G,10' of DEEPMAP_EMU_LINK: expected BANDWIDTH\\\[,LATENCY\\\]" } */

#include "dm-check.h"

int
main (void)
{
  int x = 0;
#pragma omp target map(tofrom: x)
  x = 1;
  printf ("DEEPMAP_EMU_LINK=12G,10 accepted\n");
  return 0;
}
