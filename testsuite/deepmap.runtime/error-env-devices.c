/* A bad DEEPMAP_DEVICES is an error naming the variable.  */
/* { dg-do run } */
/* { dg-require-effective-target offload_device } */
/* { dg-set-target-env-var DEEPMAP_DEVICES "bogus" } */
/* { dg-shouldfail "bad DEEPMAP_DEVICES" } */
/* { dg-output "deepmap: error: \[^\n\]*DEEPMAP_DEVICES" } */

#include "dm-check.h"

int
main (void)
{
  int x = 0;
#pragma omp target map(tofrom: x)
  x = 1;
  printf ("DEEPMAP_DEVICES=bogus accepted: %d devices\n",
	  omp_get_num_devices ());
  return 0;
}
