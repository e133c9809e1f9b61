/* DEEPMAP_REPORT on copies of several MiB, whose hash is taken block by
   block on the copy helpers (DEEPMAP_COPY_THREADS=3): four unchanged
   copies in are three duplicates; a fifth after one changed element in
   the last block, and a sixth after one in the first, are not (the
   repeated allocations rank first).  */
/* { dg-do run } */
/* { dg-options "-O0 -g" } */
/* { dg-require-effective-target offload_device_nonshared_as } */
/* { dg-set-target-env-var DEEPMAP_REPORT "1" } */
/* { dg-set-target-env-var DEEPMAP_COPY_THREADS "3" } */
/* { dg-output "deepmap: report: 2\\. duplicate transfer on device 0: 15728676 bytes in 3 copies\[^\n]* at \[^\n]*report-large\\.c:28, host \\\[0x\[0-9a-f]+, \\+5242892\\)" } */

#include <stdlib.h>

#define N 1310723		/* 5 MiB and 12 bytes of ints */

int
main (void)
{
  int *a = malloc (N * sizeof *a);
  long sum[1] = { 0 }, total = 0;
  if (!a)
    abort ();
  for (int i = 0; i < N; i++)
    a[i] = i % 1000;
  for (int it = 0; it < 6; it++)
    {
#pragma omp target map(to: a[0:N]) map(from: sum)
      sum[0] = a[0] + a[N - 1];
      total += sum[0];
      if (it == 3)
	a[N - 1] = 5;
      if (it == 4)
	a[0] = 7;
    }
  /* a[0] + a[N - 1]: 0 + 722 four times, then 0 + 5, then 7 + 5.  */
  if (total != 4 * 722 + 5 + 12)
    abort ();
  free (a);
  return 0;
}
