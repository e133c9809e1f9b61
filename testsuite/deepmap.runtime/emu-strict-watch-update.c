/* DEEPMAP_EMU_STRICT=1 with a watched large device copy (4 MiB): bytes a
   target update brings in are scanned at the next region, although no
   region wrote the copy since its last scan.  */
/* { dg-require-effective-target offload_device_nonshared_as } */
/* { dg-set-target-env-var DEEPMAP_DEVICES "emu" } */
/* { dg-set-target-env-var DEEPMAP_EMU_STRICT "1" } */
/* { dg-shouldfail "untranslated host pointer in device memory" } */
/* { dg-output "clean regions ran\n" } */
/* { dg-output "deepmap: error: target on device 0 \\(DEEPMAP_EMU_STRICT\\): the device copy of host 0x\[0-9a-f\]+ \\(offset 4000000 in the block of host \\\[0x\[0-9a-f\]+, 0x\[0-9a-f\]+\\)\\) holds 0x\[0-9a-f\]+, the host address of byte 0 of mapped host \\\[0x\[0-9a-f\]+, 0x\[0-9a-f\]+\\)" } */
#include <stdio.h>
#include <stdlib.h>

#define N (1 << 19)

int
main (void)
{
  double *big = malloc (N * sizeof *big);
  double *other = calloc (8, sizeof *other);
  for (int i = 0; i < N; i++)
    big[i] = -i;
  double s = 0;
#pragma omp target enter data map(to: big[0:N], other[0:8])
  for (int r = 0; r < 3; r++)
    {
#pragma omp target map(tofrom: s)
      s += big[r];
    }
  printf ("clean regions ran\n");
  fflush (stdout);
  ((long *) big)[500000] = (long) other;
#pragma omp target update to(big[500000:1])
#pragma omp target map(tofrom: s)
  s += big[3];
  printf ("not reached\n");
  return 0;
}
