/* omp_target_alloc / omp_target_free / omp_target_memcpy: host to device,
   device to device with offsets, device to host; the device memory is
   not the host's (writing the host buffer afterwards does not change it).  */
/* { dg-do run } */
/* { dg-require-effective-target offload_device_nonshared_as } */

#include "dm-check.h"

#define N 1000

int
main (void)
{
  static int src[N], dst[N];
  int dev = dm_dev ();
  int host = omp_get_initial_device ();
  dm_require_device ();

  int *d1 = omp_target_alloc (N * sizeof (int), dev);
  int *d2 = omp_target_alloc (N * sizeof (int), dev);
  CHECK (d1 && d2, "omp_target_alloc returned NULL");
  CHECK (d1 != d2, "two allocations at the same address");

  for (int i = 0; i < N; i++)
    src[i] = i * 7;
  CHECK (omp_target_memcpy (d1, src, sizeof src, 0, 0, dev, host) == 0,
	 "host to device");
  for (int i = 0; i < N; i++)
    src[i] = -1;

  /* Device to device: d2[100..299] = d1[500..699].  */
  CHECK (omp_target_memcpy (d2, d1, 200 * sizeof (int), 100 * sizeof (int),
			    500 * sizeof (int), dev, dev) == 0,
	 "device to device");
  CHECK (omp_target_memcpy (dst, d1, sizeof dst, 0, 0, host, dev) == 0,
	 "device to host");
  CHECK_INTS (dst, N, 7 * i, "d1 read back");
  CHECK (omp_target_memcpy (dst, d2, 200 * sizeof (int), 0,
			    100 * sizeof (int), host, dev) == 0,
	 "device to host with a source offset");
  CHECK_INTS (dst, 200, 7 * (500 + i), "d2[100:200] read back");

  /* Host to host through the same routine.  */
  CHECK (omp_target_memcpy (dst, src, sizeof dst, 0, 0, host, host) == 0,
	 "host to host");
  CHECK_INTS (dst, N, -1, "host to host copy");

  /* Zero bytes, and a zero-size allocation.  */
  CHECK (omp_target_memcpy (d1, src, 0, 0, 0, dev, host) == 0,
	 "zero-byte copy");
  void *z = omp_target_alloc (0, dev);
  omp_target_free (z, dev);
  omp_target_free (NULL, dev);

  /* The memory is usable in a region.  */
#pragma omp target is_device_ptr(d1)
  d1[0] = 12345;
  CHECK (omp_target_memcpy (dst, d1, sizeof (int), 0, 0, host, dev) == 0,
	 "read d1[0]");
  CHECK (dst[0] == 12345, "d1[0] = %d after the region", dst[0]);

  omp_target_free (d1, dev);
  omp_target_free (d2, dev);

  /* Allocation on the initial device is host memory.  */
  int *h = omp_target_alloc (16 * sizeof (int), host);
  CHECK (h != NULL, "omp_target_alloc on the initial device");
  for (int i = 0; i < 16; i++)
    h[i] = i;
  CHECK_INTS (h, 16, i, "initial-device allocation");
  omp_target_free (h, host);

  /* A non-existent device.  */
  CHECK (omp_target_alloc (64, omp_get_num_devices () + 7) == NULL,
	 "omp_target_alloc on a non-existent device succeeded");
  CHECK (omp_target_memcpy (dst, src, 4, 0, 0, omp_get_num_devices () + 7,
			    host) != 0,
	 "omp_target_memcpy to a non-existent device succeeded");
  return 0;
}
