/* DEEPMAP_EMU_STRICT=1: at the start of a region the emulated device
   looks for host addresses of mapped objects in the device copies of
   mapped data.  Here a structure's pointer member is mapped without being
   attached (the struct and the array are separate list items), so its
   device copy holds the host address of the array: the emulated device
   reads the right data through it (regions run in the host address
   space), a GPU would not.  */
/* { dg-require-effective-target offload_device_nonshared_as } */
/* On the emulated device even under make check-gpu: DEEPMAP_EMU_STRICT is
   the emulated device's.  */
/* { dg-set-target-env-var DEEPMAP_DEVICES "emu" } */
/* { dg-set-target-env-var DEEPMAP_EMU_STRICT "1" } */
/* { dg-shouldfail "untranslated host pointer in device memory" } */
/* { dg-output "deepmap: error: target on device 0 \\(DEEPMAP_EMU_STRICT\\): the device copy of host 0x\[0-9a-f\]+ \\(offset \[0-9\]+ in the block of host \\\[0x\[0-9a-f\]+, 0x\[0-9a-f\]+\\)\\) holds 0x\[0-9a-f\]+, the host address of byte 0 of mapped host \\\[0x\[0-9a-f\]+, 0x\[0-9a-f\]+\\)" } */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

struct s
{
  long n;
  int *p;
};

int
main (void)
{
  int *data = calloc (16, sizeof *data);
  struct s *s = calloc (1, sizeof *s);
  s->n = 16;
  s->p = data;
  int sum = 0;
  /* Correct: the pointer variable is translated, the struct has none.  */
#pragma omp target map(to: data[0:16]) map(tofrom: sum)
  for (int i = 0; i < 16; i++)
    sum += data[i];
  /* Wrong on a GPU: s->p is not attached.  */
#pragma omp target enter data map(to: s[0:1], data[0:16])
#pragma omp target map(tofrom: sum)
  for (int i = 0; i < s->n; i++)
    sum += s->p[i];
  printf ("not reached: %d\n", sum);
  return 0;
}
