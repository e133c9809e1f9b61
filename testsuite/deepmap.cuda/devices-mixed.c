/* DEEPMAP_DEVICES=cuda,emu with two fake GPUs: devices 0 and 1 are CUDA,
   2 is emulated, 3 the host; each keeps its own copy of mapped data, and
   CUDA device copies are device addresses, not host ones.  */
/* { dg-do run } */
/* { dg-set-target-env-var DEEPMAP_DEVICES "cuda,emu" } */
/* { dg-set-target-env-var FAKECUDA_DEVICES "2" } */

#include "cuda-check.h"

#define N 1000

int
main (void)
{
  int a[N], buf[N];
  CHECK (omp_get_num_devices () == 3, "%d devices, expected 3",
	 omp_get_num_devices ());
  CHECK (omp_get_initial_device () == 3, "initial device %d",
	 omp_get_initial_device ());
  CHECK (fk_count ("cuDevicePrimaryCtxRetain") == 2, "%lu contexts",
	 fk_count ("cuDevicePrimaryCtxRetain"));
  for (int d = 0; d < 3; d++)
    {
      for (int i = 0; i < N; i++)
	a[i] = i + 1000 * d;
#pragma omp target enter data map(to: a) device(d)
    }
  CHECK (FK_IS_DEVICE_ADDR (dm_mapped (a, 0))
	 && FK_IS_DEVICE_ADDR (dm_mapped (a, 1)),
	 "CUDA devices hand out host addresses: %p %p", dm_mapped (a, 0),
	 dm_mapped (a, 1));
  CHECK (!FK_IS_DEVICE_ADDR (dm_mapped (a, 2)), "emu device address %p",
	 dm_mapped (a, 2));
  for (int d = 0; d < 3; d++)
    {
      dm_dev_read (buf, a, sizeof buf, d);
      CHECK_INTS (buf, N, i + 1000 * d, "device copy");
    }
  /* The emulated device still runs regions.  */
#pragma omp target device(2) map(tofrom: a)
  for (int i = 0; i < N; i++)
    a[i] = -i;
  dm_dev_read (buf, a, sizeof buf, 2);
  CHECK_INTS (buf, N, -i, "emu device copy after a region");
  dm_dev_read (buf, a, sizeof buf, 1);
  CHECK_INTS (buf, N, i + 1000, "device 1 copy after a region on 2");
  for (int d = 0; d < 3; d++)
    {
#pragma omp target exit data map(from: a) device(d)
      CHECK_INTS (a, N, d == 2 ? -i : i + 1000 * d, "copied back");
    }
  return 0;
}
