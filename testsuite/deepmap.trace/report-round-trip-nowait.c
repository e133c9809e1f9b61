/* DEEPMAP_REPORT with nowait: a queued copy back is hashed once its
   queue has passed it, so each copy in of the array after the first
   sends back what the previous copy brought, a round trip as in
   report-round-trip.c; the last, after the host changed an element, is
   not.  (Queued copies are not timed.)  */
/* { dg-do run } */
/* { dg-options "-O0 -g" } */
/* { dg-require-effective-target offload_device_nonshared_as } */
/* { dg-set-target-env-var DEEPMAP_REPORT "1" } */
/* { dg-output "deepmap: report: 60000 bytes of data movement that a hand optimisation would remove, in 2 entries \\(of 9 copies to devices, 9 back, 9 allocations\\):\[^\n]*\n" } */
/* { dg-output "deepmap: report: 1\\. repeated alloc/free on device 0: 32000 bytes in 8 allocations\[^\n]* at \[^\n]*report-round-trip-nowait\\.c:31,\[^\n]*\n\[^\n]*\n" } */
/* { dg-output "deepmap: report: 2\\. round trip on device 0: 28000 bytes in 7 copies at \[^\n]*report-round-trip-nowait\\.c:31, host \\\[0x\[0-9a-f]+, \\+4000\\)\[^\n]*\n" } */
/* { dg-output "deepmap: report:    copied back and sent again unchanged" } */

#include <stdlib.h>

#define N 1000

int
main (void)
{
  static int a[N];
  long seen = 0;
#pragma omp parallel num_threads(2)
#pragma omp single
  for (int it = 0; it < 9; it++)
    {
      /* Changed by the host before the last: sent again, not wasted.  */
      if (it == 8)
	a[0] = 1;
#pragma omp target map(tofrom: a) nowait
      for (int i = 0; i < N; i++)
	a[i] += i;
#pragma omp taskwait
      seen += a[N - 1];
    }
  if (a[0] != 1 || a[N - 1] != 9 * (N - 1) || seen != 45L * (N - 1))
    abort ();
  return 0;
}
