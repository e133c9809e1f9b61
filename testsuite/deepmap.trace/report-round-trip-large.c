/* DEEPMAP_REPORT with copies large (1.2 MB): on the emulated device
   hashed by its copy engine as it copies them (with streaming stores
   from 256 KiB), in both directions: the array goes back and forth as
   in report-round-trip.c, and each copy in after the first is a round
   trip; one after the host changed an element is not.  */
/* { dg-do run } */
/* { dg-options "-O0 -g" } */
/* { dg-require-effective-target offload_device_nonshared_as } */
/* { dg-set-target-env-var DEEPMAP_REPORT "1" } */
/* { dg-output "deepmap: report: 18000000 bytes of data movement that a hand optimisation would remove, in 3 entries \\(of 9 copies to devices, 9 back, 9 allocations\\):\[^\n]*\n" } */
/* { dg-output "deepmap: report: 1\\. round trip on device 0: 8400000 bytes in 7 copies\[^\n]* at \[^\n]*report-round-trip-large\\.c:27, host \\\[0x\[0-9a-f]+, \\+1200000\\)\[^\n]*\n" } */
/* { dg-output "deepmap: report:    copied back and sent again unchanged\[^\n]*\n" } */
/* { dg-output "deepmap: report: 2\\. repeated alloc/free on device 0: 8400000 bytes in 7 allocations\[^\n]* at \[^\n]*report-round-trip-large\\.c:27,\[^\n]*\n\[^\n]*\n" } */
/* { dg-output "deepmap: report: 3\\. repeated alloc/free on device 0: 1200000 bytes in 1 allocation\[^\n]* at \[^\n]*report-round-trip-large\\.c:34," } */

#include <stdlib.h>

#define N 300000

int
main (void)
{
  static int a[N];
  long seen = 0;
  for (int it = 0; it < 8; it++)
    {
#pragma omp target map(tofrom: a)
      for (int i = 0; i < N; i++)
	a[i] += i % 1000;
      seen += a[N - 1];
    }
  /* Changed by the host: sent again, but not wasted.  */
  a[N / 2] = -1;
#pragma omp target map(tofrom: a)
  a[0]++;
  if (a[0] != 1 || a[N / 2] != -1 || seen != 36L * ((N - 1) % 1000))
    abort ();
  return 0;
}
