/* DEEPMAP_EMU_STRICT=1 with watched large device copies (4 MiB): an
   array unmapped after clean regions, and another of the same size
   mapped in its place (the same device memory, or memory given back to
   the system and taken again), is scanned in full: its host address at
   word 7 is found.  */
/* { dg-require-effective-target offload_device_nonshared_as } */
/* { dg-set-target-env-var DEEPMAP_DEVICES "emu" } */
/* { dg-set-target-env-var DEEPMAP_EMU_STRICT "1" } */
/* { dg-shouldfail "untranslated host pointer in device memory" } */
/* { dg-output "first array: ok\n" } */
/* { dg-output "deepmap: error: target on device 0 \\(DEEPMAP_EMU_STRICT\\): the device copy of host 0x\[0-9a-f\]+ \\(offset 56 in the block of host \\\[0x\[0-9a-f\]+, 0x\[0-9a-f\]+\\)\\) holds 0x\[0-9a-f\]+, the host address of byte 0 of mapped host \\\[0x\[0-9a-f\]+, 0x\[0-9a-f\]+\\)" } */
#include <stdio.h>
#include <stdlib.h>

#define N (1 << 19)

int
main (void)
{
  double *a = malloc (N * sizeof *a), *b = malloc (N * sizeof *b);
  double *other = calloc (8, sizeof *other);
  for (int i = 0; i < N; i++)
    a[i] = b[i] = i;
  ((long *) b)[7] = (long) other;
  double s = 0;
#pragma omp target enter data map(to: other[0:8])
  for (int r = 0; r < 2; r++)
    {
#pragma omp target map(to: a[0:N]) map(tofrom: s)
      s += a[r];
    }
  printf ("first array: ok\n");
  fflush (stdout);
#pragma omp target map(to: b[0:N]) map(tofrom: s)
  s += b[0];
  printf ("not reached\n");
  return 0;
}
