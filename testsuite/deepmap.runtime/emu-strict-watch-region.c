/* DEEPMAP_EMU_STRICT=1 watches large device copies for stores between
   scans (support/pagewatch.h) instead of reading them before every
   region.  A region that stores into one must still have it scanned at
   the next region: here regions 1 and 2 write a 4 MiB array without
   addresses, region 3 stores a host address (passed by value) at word
   300000, region 4 is where strict mode stops, naming that word.  */
/* { dg-require-effective-target offload_device_nonshared_as } */
/* { dg-set-target-env-var DEEPMAP_DEVICES "emu" } */
/* { dg-set-target-env-var DEEPMAP_EMU_STRICT "1" } */
/* { dg-shouldfail "untranslated host pointer in device memory" } */
/* { dg-output "regions 1-3 ran\n" } */
/* { dg-output "deepmap: error: target on device 0 \\(DEEPMAP_EMU_STRICT\\): the device copy of host 0x\[0-9a-f\]+ \\(offset 2400000 in the block of host \\\[0x\[0-9a-f\]+, 0x\[0-9a-f\]+\\)\\) holds 0x\[0-9a-f\]+, the host address of byte 16 of mapped host \\\[0x\[0-9a-f\]+, 0x\[0-9a-f\]+\\)" } */
#include <stdio.h>
#include <stdlib.h>

#define N (1 << 19)

int
main (void)
{
  double *big = malloc (N * sizeof *big);
  double *other = calloc (8, sizeof *other);
  for (int i = 0; i < N; i++)
    big[i] = i * 0.5;
  long host_address = (long) &other[2];
#pragma omp target enter data map(to: big[0:N], other[0:8])
  for (int r = 0; r < 2; r++)
    {
#pragma omp target
      for (int i = 0; i < N; i += 1000)
	big[i] += 1;
    }
#pragma omp target firstprivate(host_address)
  ((long *) big)[300000] = host_address;
  printf ("regions 1-3 ran\n");
  fflush (stdout);
#pragma omp target
  big[0] += 1;
  printf ("not reached\n");
  return 0;
}
