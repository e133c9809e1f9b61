/* A new map that partially overlaps an existing mapping (neither contains
   the other) is an error naming the overlap.  */
/* { dg-do run } */
/* { dg-require-effective-target offload_device_nonshared_as } */
/* { dg-shouldfail "partial overlap" } */
/* { dg-output "deepmap: error: \[^\n\]*overlap" } */

#include "dm-check.h"

int
main (void)
{
  int a[16];
  for (int i = 0; i < 16; i++)
    a[i] = i;
#pragma omp target enter data map(to: a[0:8])
#pragma omp target data map(tofrom: a[4:8])
  {
#pragma omp target map(tofrom: a[4:8])
    a[4] = -1;
  }
  printf ("a partially overlapping map was accepted\n");
  return 0;
}
