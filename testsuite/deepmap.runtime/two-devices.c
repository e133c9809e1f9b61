/* DEEPMAP_DEVICES=emu,emu: two devices with separate data environments;
   data mapped on device 1 is not present on device 0; each device runs
   its regions on its own copy; device-to-device omp_target_memcpy.  */
/* { dg-do run } */
/* { dg-require-effective-target offload_device_nonshared_as } */
/* { dg-set-target-env-var DEEPMAP_DEVICES "emu,emu" } */

#include "dm-check.h"

#define N 32

int
main (void)
{
  int a[N], buf[N];
  int host = omp_get_initial_device ();

  CHECK (omp_get_num_devices () == 2, "omp_get_num_devices () = %d, "
	 "expected 2", omp_get_num_devices ());
  CHECK (host == 2, "omp_get_initial_device () = %d, expected 2", host);

  for (int i = 0; i < N; i++)
    a[i] = i;

#pragma omp target enter data map(to: a) device(1)
  CHECK (omp_target_is_present (a, 1), "a not present on device 1");
  CHECK (!omp_target_is_present (a, 0), "a mapped on device 1 is present "
	 "on device 0");
  CHECK (omp_get_mapped_ptr (a, 0) == NULL, "a has a device-0 address");

  /* Map a on device 0 too: a separate copy.  */
#pragma omp target enter data map(to: a) device(0)
  CHECK (dm_mapped (a, 0) != dm_mapped (a, 1),
	 "devices 0 and 1 share one copy of a");

  int dn0 = -1, dn1 = -1;
#pragma omp target device(1) map(from: dn1)
  {
    dn1 = omp_get_device_num ();
    for (int i = 0; i < N; i++)
      a[i] += 100;
  }
#pragma omp target device(0) map(from: dn0)
  {
    dn0 = omp_get_device_num ();
    for (int i = 0; i < N; i++)
      a[i] -= 100;
  }
  CHECK (dn0 == 0 && dn1 == 1, "regions ran on devices %d and %d", dn0, dn1);
  dm_dev_read (buf, a, sizeof buf, 1);
  CHECK_INTS (buf, N, i + 100, "device 1 copy");
  dm_dev_read (buf, a, sizeof buf, 0);
  CHECK_INTS (buf, N, i - 100, "device 0 copy");
  CHECK_INTS (a, N, i, "host copy");

  /* Device 1 to device 0.  */
  CHECK (omp_target_memcpy (dm_mapped (a, 0), dm_mapped (a, 1), sizeof a,
			    0, 0, 0, 1) == 0, "device-to-device memcpy");
  dm_dev_read (buf, a, sizeof buf, 0);
  CHECK_INTS (buf, N, i + 100, "device 0 copy after memcpy from device 1");

#pragma omp target exit data map(from: a) device(0)
  CHECK_INTS (a, N, i + 100, "host after exit data from device 0");
  CHECK (!omp_target_is_present (a, 0), "a still on device 0");
  CHECK (omp_target_is_present (a, 1), "exit data on device 0 removed a "
	 "from device 1");
#pragma omp target exit data map(delete: a) device(1)
  CHECK (!omp_target_is_present (a, 1), "a still on device 1");

  /* omp_target_alloc memory belongs to one device.  */
  void *d1 = omp_target_alloc (64, 1);
  CHECK (d1 != NULL, "omp_target_alloc on device 1");
  omp_target_free (d1, 1);
  return 0;
}
