/* A bad DEEPMAP_STATS is an error naming the variable.  */
/* { dg-do run } */
/* { dg-require-effective-target offload_device } */
/* { dg-set-target-env-var DEEPMAP_STATS "maybe" } */
/* { dg-shouldfail "bad DEEPMAP_STATS" } */
/* { dg-output "deepmap: error: \[^\n\]*DEEPMAP_STATS" } */

#include "dm-check.h"

int
main (void)
{
  int x = 0;
#pragma omp target map(tofrom: x)
  x = 1;
  printf ("DEEPMAP_STATS=maybe accepted\n");
  return 0;
}
