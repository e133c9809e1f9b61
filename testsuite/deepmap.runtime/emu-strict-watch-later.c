/* DEEPMAP_EMU_STRICT=1 with a watched large device copy (4 MiB) that no
   one writes: a word that was no mapped object's address when the copy
   was scanned becomes one when that object is mapped later.  Strict mode
   keeps such words of a watched copy and looks at them again at every
   region, so the next region stops, naming word 100001.  */
/* { dg-require-effective-target offload_device_nonshared_as } */
/* { dg-set-target-env-var DEEPMAP_DEVICES "emu" } */
/* { dg-set-target-env-var DEEPMAP_EMU_STRICT "1" } */
/* { dg-shouldfail "untranslated host pointer in device memory" } */
/* { dg-output "before the object is mapped: ok\n" } */
/* { dg-output "deepmap: error: target on device 0 \\(DEEPMAP_EMU_STRICT\\): the device copy of host 0x\[0-9a-f\]+ \\(offset 800008 in the block of host \\\[0x\[0-9a-f\]+, 0x\[0-9a-f\]+\\)\\) holds 0x\[0-9a-f\]+, the host address of byte 8 of mapped host \\\[0x\[0-9a-f\]+, 0x\[0-9a-f\]+\\)" } */
#include <stdio.h>
#include <stdlib.h>

#define N (1 << 19)

int
main (void)
{
  double *big = malloc (N * sizeof *big);
  double *late = calloc (8, sizeof *late);
  for (int i = 0; i < N; i++)
    big[i] = i + 0.25;
  ((long *) big)[100001] = (long) &late[1];
  double s = 0;
#pragma omp target enter data map(to: big[0:N])
  for (int r = 0; r < 3; r++)
    {
#pragma omp target map(tofrom: s)
      s += big[r];
    }
  printf ("before the object is mapped: ok\n");
  fflush (stdout);
#pragma omp target enter data map(to: late[0:8])
#pragma omp target map(tofrom: s)
  s += big[3];
  printf ("not reached\n");
  return 0;
}
