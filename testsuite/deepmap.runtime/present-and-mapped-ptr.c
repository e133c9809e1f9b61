/* omp_target_is_present and omp_get_mapped_ptr: every byte of a mapping
   is present and translates with its offset; bytes just outside are not;
   the initial device has everything present at the same address.  */
/* { dg-do run } */
/* { dg-require-effective-target offload_device_nonshared_as } */

#include "dm-check.h"

int
main (void)
{
  char big[256];
  int dev = dm_dev ();
  int host = omp_get_initial_device ();
  dm_require_device ();
  CHECK (omp_get_mapped_ptr != NULL,
	 "omp_get_mapped_ptr is not provided by this libgomp");

  char *p = big + 64;		/* map p[0:100]: big[64..163] */
  CHECK (!omp_target_is_present (p, dev), "present before mapping");
  CHECK (omp_get_mapped_ptr (p, dev) == NULL,
	 "omp_get_mapped_ptr of an unmapped address is not NULL");

#pragma omp target enter data map(alloc: p[0:100])
  char *dp = omp_get_mapped_ptr (p, dev);
  CHECK (dp != NULL, "omp_get_mapped_ptr of a mapped address is NULL");
  CHECK (dp != p, "device address equals host address on a device with "
	 "its own memory");
  for (int i = 0; i < 100; i++)
    {
      CHECK (omp_target_is_present (p + i, dev), "p + %d not present", i);
      CHECK (omp_get_mapped_ptr (p + i, dev) == dp + i,
	     "omp_get_mapped_ptr (p + %d) = %p, expected %p", i,
	     omp_get_mapped_ptr (p + i, dev), (void *) (dp + i));
    }
  CHECK (!omp_target_is_present (p - 1, dev), "p - 1 present");
  CHECK (!omp_target_is_present (p + 100, dev), "p + 100 present");
  CHECK (omp_get_mapped_ptr (p - 1, dev) == NULL, "p - 1 mapped");
  CHECK (omp_get_mapped_ptr (p + 100, dev) == NULL, "p + 100 mapped");

  /* The initial device: everything is present, at its own address.  */
  CHECK (omp_target_is_present (big, host), "not present on the host");
  CHECK (omp_get_mapped_ptr (big, host) == big,
	 "omp_get_mapped_ptr on the initial device is not the identity");
  /* NULL is never mapped on a device.  */
  CHECK (omp_get_mapped_ptr (NULL, dev) == NULL,
	 "omp_get_mapped_ptr (NULL) is not NULL");

  /* Nor present on a device that does not exist.  */
  int bad = omp_get_num_devices () + 3;
  CHECK (!omp_target_is_present (p, bad),
	 "present on non-existent device %d", bad);
  CHECK (omp_get_mapped_ptr (p, bad) == NULL,
	 "mapped on non-existent device %d", bad);

#pragma omp target exit data map(delete: p[0:100])
  CHECK (!omp_target_is_present (p, dev), "present after delete");
  CHECK (omp_get_mapped_ptr (p + 50, dev) == NULL, "mapped after delete");
  return 0;
}
