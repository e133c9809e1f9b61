/* An emulated device smaller than the pool's 2 MiB chunk works: small
   and large mappings fit as long as their bytes do, and running out says
   something true (requested more than free, free no more than the
   capacity).  */
/* { dg-do run } */
/* On the emulated device even under make check-gpu: DEEPMAP_EMU_MEMORY is
   the emulated device's.  */
/* { dg-set-target-env-var DEEPMAP_DEVICES "emu" } */
/* { dg-require-effective-target offload_device_nonshared_as } */
/* { dg-set-target-env-var DEEPMAP_EMU_MEMORY "256K" } */

#include "dm-expect-error.h"

#define N 10000			/* 40 000 bytes */

static int a[N], b[N], c[N];
static char big[300 << 10];

static void
too_big (void *arg)
{
  (void) arg;
#pragma omp target map(tofrom: big)
  big[0] = 1;
}

int
main (void)
{
  dm_require_device ();
  for (int i = 0; i < N; i++)
    a[i] = i, b[i] = 2 * i;
  int s = 3;
#pragma omp target map(to: a, b, s) map(from: c)
  for (int i = 0; i < N; i++)
    c[i] = a[i] + b[i] + s;
  CHECK_INTS (c, N, 3 * i + 3, "c after a region on a 256 KiB device");
  void *d = omp_target_alloc (100, dm_dev ());
  CHECK (d != NULL, "omp_target_alloc (100) failed on a 256 KiB device");
  omp_target_free (d, dm_dev ());
  dm_expect_error ("300 KiB on a 256 KiB device", too_big, NULL,
		   "bytes free of 262144");
  return 0;
}
