/* DEEPMAP_REPORT: a program that keeps its data on the device (a target
   data region around the loop, updates of what changes) has nothing
   to report; the report says what it checked.  */
/* { dg-do run } */
/* { dg-require-effective-target offload_device_nonshared_as } */
/* { dg-set-target-env-var DEEPMAP_REPORT "yes" } */
/* { dg-output "deepmap: report: no wasteful data movement found \\(6 copies to devices, 1 back, 2 allocations checked\\)" } */

#include <stdlib.h>

#define N 1000

int
main (void)
{
  static int a[N];
  long sum = 0;
#pragma omp target data map(to: a) map(tofrom: sum)
  for (int it = 0; it < 4; it++)
    {
      a[it] = it + 1;
#pragma omp target update to(a[it:1])
#pragma omp target map(tofrom: sum)
      for (int i = 0; i < N; i++)
	sum += a[i];
    }
  if (sum != 1 + 3 + 6 + 10)
    abort ();
  return 0;
}
