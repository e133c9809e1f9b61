/* DEEPMAP_EMU_STRICT=1 finds a host address anywhere in a large mapped
   array, and names the first one: the scan compares sixteen words at a
   time (support/wordscan.h) and must still report the exact word.  The
   array holds doubles and small integers (no address) before the host
   address of another mapped object at word 77777, and a second one after
   it: the error gives the first's offset, 622216.  */
/* { dg-require-effective-target offload_device_nonshared_as } */
/* { dg-set-target-env-var DEEPMAP_DEVICES "emu" } */
/* { dg-set-target-env-var DEEPMAP_EMU_STRICT "1" } */
/* { dg-shouldfail "untranslated host pointer in device memory" } */
/* { dg-output "first region ok\n" } */
/* { dg-output "deepmap: error: target on device 0 \\(DEEPMAP_EMU_STRICT\\): the device copy of host 0x\[0-9a-f\]+ \\(offset 622216 in the block of host \\\[0x\[0-9a-f\]+, 0x\[0-9a-f\]+\\)\\) holds 0x\[0-9a-f\]+, the host address of byte 24 of mapped host \\\[0x\[0-9a-f\]+, 0x\[0-9a-f\]+\\)" } */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define N 200000

int
main (void)
{
  long *big = malloc (N * sizeof *big);
  double *other = malloc (64 * sizeof *other);
  for (int i = 0; i < N; i++)
    {
      double d = i * 0.25;
      int pair[2] = { i, i % 7 };
      if (i % 2)
	memcpy (&big[i], &d, sizeof d);
      else
	memcpy (&big[i], pair, sizeof pair);
    }
  for (int i = 0; i < 64; i++)
    other[i] = i;
  long s = 0;
#pragma omp target enter data map(to: big[0:N], other[0:64])
#pragma omp target map(tofrom: s)
  s += big[2];
  printf ("first region ok\n");
  fflush (stdout);
  /* Host addresses written into the device copy: wrong on a GPU.  */
  big[77777] = (long) &other[3];
  big[150001] = (long) &other[0];
#pragma omp target update to(big[77777:1], big[150001:1])
#pragma omp target map(tofrom: s)
  s += big[3];
  printf ("not reached %ld\n", s);
  return 0;
}
