/* DEEPMAP_REPORT's unchanged copies back: a copy back that brings the
   bytes the host and that device memory both had at the last copy
   either way.  A read-only array mapped tofrom in a loop (each copy
   back unchanged, each copy in after the first a round trip), a second
   target update from with no device write since the first, a queued
   (nowait) copy back of a read-only array; but not a copy back that
   follows device writes, nor one into fresh device memory whose bytes
   happen to equal what was sent to the memory freed before it.  */
/* { dg-do run } */
/* { dg-options "-O0 -g" } */
/* { dg-require-effective-target offload_device_nonshared_as } */
/* { dg-set-target-env-var DEEPMAP_REPORT "1" } */
/* { dg-output "deepmap: report: 64000 bytes of data movement that a hand optimisation would remove, in 5 entries \\(of 8 copies to devices, 9 back, 7 allocations\\):\[^\n]*\n" } */
/* { dg-output "deepmap: report: 1\\. unchanged copy back on device 0: 20000 bytes in 1 copy at \[^\n]*report-unchanged-back\\.c:60, host \\\[0x\[0-9a-f]+, \\+20000\\)\[^\n]*\n" } */
/* { dg-output "deepmap: report:    copied back with the contents the host already had\[^\n]*\n" } */
/* { dg-output "deepmap: report: 2\\. repeated alloc/free on device 0: 16000 bytes in 1 allocation\[^\n]* at \[^\n]*report-unchanged-back\\.c:69,\[^\n]*\n\[^\n]*\n" } */
/* { dg-output "deepmap: report: 3\\. unchanged copy back on device 0: 12000 bytes in 3 copies \\(\[0-9.]+ ms\\) at \[^\n]*report-unchanged-back\\.c:40, host \\\[0x\[0-9a-f]+, \\+4000\\)\[^\n]*\n\[^\n]*\n" } */
/* { dg-output "deepmap: report: 4\\. round trip on device 0: 8000 bytes in 2 copies \\(\[0-9.]+ ms\\) at \[^\n]*report-unchanged-back\\.c:40,\[^\n]*\n\[^\n]*\n" } */
/* { dg-output "deepmap: report: 5\\. unchanged copy back on device 0: 8000 bytes in 1 copy \\(\[0-9.]+ ms\\) at \[^\n]*report-unchanged-back\\.c:52, host \\\[0x\[0-9a-f]+, \\+8000\\)" } */

#include <stdlib.h>

static int a[1000], z[1000], c[2000], d[5000], e[4000];

int
main (void)
{
  for (int i = 0; i < 4000; i++)
    {
      if (i < 1000)
	a[i] = i;
      if (i < 2000)
	c[i] = i;
      d[i] = 1;
      e[i] = i;
    }
  /* Read only on the device, mapped tofrom.  */
#pragma omp target enter data map(to: z)
  for (int it = 0; it < 3; it++)
#pragma omp target map(tofrom: a)
    for (int i = 0; i < 1000; i++)
      z[i] += a[i];
#pragma omp target exit data map(from: z)

  /* The first update brings the device's writes, the second nothing.  */
#pragma omp target data map(to: c)
  {
#pragma omp target
    for (int i = 0; i < 2000; i++)
      c[i] *= 2;
#pragma omp target update from(c)
#pragma omp target update from(c)
  }

  /* Queued, read only.  */
  long sum = 0;
#pragma omp parallel num_threads(2)
#pragma omp single
  {
#pragma omp target map(tofrom: d) map(tofrom: sum) nowait
    for (int i = 0; i < 5000; i++)
      sum += d[i];
#pragma omp taskwait
  }

  /* Fresh device memory, written with the bytes sent to the last.  */
#pragma omp target enter data map(to: e)
#pragma omp target exit data map(delete: e)
#pragma omp target enter data map(alloc: e)
#pragma omp target
  for (int i = 0; i < 4000; i++)
    e[i] = i;
#pragma omp target exit data map(from: e)

  for (int i = 0; i < 1000; i++)
    if (z[i] != 3 * i || c[i] != 2 * i || e[i] != i)
      abort ();
  if (sum != 4000)
    abort ();
  return 0;
}
