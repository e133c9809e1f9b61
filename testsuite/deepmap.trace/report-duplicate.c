/* DEEPMAP_REPORT: an array mapped `to' by a target region in a loop,
   which the host never changes, is a duplicate transfer at the
   region's line (9 of 10 copies), and its allocation is repeated; the
   result copied back each time is only a repeated allocation.  */
/* { dg-do run } */
/* { dg-options "-O0 -g" } */
/* { dg-require-effective-target offload_device_nonshared_as } */
/* { dg-set-target-env-var DEEPMAP_REPORT "1" } */
/* { dg-output "deepmap: report: 72072 bytes of data movement that a hand optimisation would remove, in 3 entries \\(of 10 copies to devices, 10 back, 20 allocations\\):\[^\n]*\n" } */
/* { dg-output "deepmap: report: 1\\. duplicate transfer on device 0: 36000 bytes in 9 copies\[^\n]* at \[^\n]*report-duplicate\\.c:28, host \\\[0x\[0-9a-f]+, \\+4000\\)\[^\n]*\n" } */
/* { dg-output "deepmap: report:    sent again with the same contents\[^\n]*\n" } */
/* { dg-output "deepmap: report: 2\\. repeated alloc/free on device 0: 36000 bytes in 9 allocations \\(\[0-9]+\\.\[0-9]+ ms\\) at \[^\n]*report-duplicate\\.c:28, host \\\[0x\[0-9a-f]+, \\+4000\\)\[^\n]*\n" } */
/* { dg-output "\[^\n]*\ndeepmap: report: 3\\. repeated alloc/free on device 0: 72 bytes in 9 allocations \\(\[0-9]+\\.\[0-9]+ ms\\) at \[^\n]*report-duplicate\\.c:28, host \\\[0x\[0-9a-f]+, \\+8\\)" } */

#include <stdlib.h>

#define N 1000

int
main (void)
{
  static int a[N];
  long sum[1] = { 0 }, total = 0;
  for (int i = 0; i < N; i++)
    a[i] = i;
  for (int it = 0; it < 10; it++)
    {
#pragma omp target map(to: a) map(from: sum)
      {
	long s = 0;
	for (int i = 0; i < N; i++)
	  s += a[i];
	sum[0] = s;
      }
      total += sum[0];
    }
  if (total != 10L * N * (N - 1) / 2)
    abort ();
  return 0;
}
