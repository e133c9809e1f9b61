/* DEEPMAP_REPORT: an array the region updates, mapped `tofrom' in a
   loop while the host only reads it, goes back and forth: each copy in
   after the first sends what the previous copy back brought, a round
   trip at the region's line; one that the host changed in between is
   not.  */
/* { dg-do run } */
/* { dg-options "-O0 -g" } */
/* { dg-require-effective-target offload_device_nonshared_as } */
/* { dg-set-target-env-var DEEPMAP_REPORT "1" } */
/* { dg-output "deepmap: report: 60000 bytes of data movement that a hand optimisation would remove, in 3 entries \\(of 9 copies to devices, 9 back, 9 allocations\\):\[^\n]*\n" } */
/* { dg-output "deepmap: report: 1\\. round trip on device 0: 28000 bytes in 7 copies\[^\n]* at \[^\n]*report-round-trip\\.c:27, host \\\[0x\[0-9a-f]+, \\+4000\\)\[^\n]*\n" } */
/* { dg-output "deepmap: report:    copied back and sent again unchanged\[^\n]*\n" } */
/* { dg-output "deepmap: report: 2\\. repeated alloc/free on device 0: 28000 bytes in 7 allocations\[^\n]* at \[^\n]*report-round-trip\\.c:27,\[^\n]*\n\[^\n]*\n" } */
/* { dg-output "deepmap: report: 3\\. repeated alloc/free on device 0: 4000 bytes in 1 allocation\[^\n]* at \[^\n]*report-round-trip\\.c:34," } */

#include <stdlib.h>

#define N 1000

int
main (void)
{
  static int a[N];
  long seen = 0;
  for (int it = 0; it < 8; it++)
    {
#pragma omp target map(tofrom: a)
      for (int i = 0; i < N; i++)
	a[i] += i;
      seen += a[N - 1];
    }
  /* Changed by the host: sent again, but not wasted.  */
  a[0] = 1;
#pragma omp target map(tofrom: a)
  a[0]++;
  if (a[0] != 2 || a[N - 1] != 8 * (N - 1) || seen != 36L * (N - 1))
    abort ();
  return 0;
}
