/* OpenMP 5.2's omp_initial_device (-1, in GCC 13's omp.h) names the host
   in the device routines, as omp_get_initial_device () does: GCC 13's
   libgomp test get-mapped-ptr-1.c asks omp_get_mapped_ptr (q, -1) for q.
   A device number below -1 stays invalid.  */
/* { dg-do run } */

#include <errno.h>
#include "dm-check.h"

#define INITIAL_DEVICE (-1)

int
main (void)
{
  int a[16], b[16];
  for (int i = 0; i < 16; i++)
    a[i] = i, b[i] = 0;

  CHECK (omp_target_is_present (a, INITIAL_DEVICE),
	 "host memory is not present on the initial device (-1)");
  CHECK (omp_get_mapped_ptr (a, INITIAL_DEVICE) == a,
	 "omp_get_mapped_ptr (a, -1) = %p, expected a = %p",
	 omp_get_mapped_ptr (a, INITIAL_DEVICE), (void *) a);
  CHECK (omp_get_mapped_ptr (a, -5) == NULL,
	 "omp_get_mapped_ptr on device -5 is not NULL");
  CHECK (!omp_target_is_present (a, -5), "present on device -5");

  /* Host to host, both named -1.  */
  CHECK (omp_target_memcpy (b, a, sizeof a, 0, 0, INITIAL_DEVICE,
			    INITIAL_DEVICE) == 0,
	 "omp_target_memcpy between two -1 devices failed");
  for (int i = 0; i < 16; i++)
    CHECK (b[i] == i, "b[%d] = %d after the copy", i, b[i]);

  /* Allocation on the initial device is host memory.  */
  int *h = omp_target_alloc (sizeof a, INITIAL_DEVICE);
  CHECK (h != NULL, "omp_target_alloc on device -1 failed");
  for (int i = 0; i < 16; i++)
    h[i] = 2 * i;
  omp_target_free (h, INITIAL_DEVICE);

  /* A device and the host named -1 in one copy.  */
  if (omp_get_num_devices () > 0)
    {
      int dev = dm_dev ();
      int *d = omp_target_alloc (sizeof a, dev);
      CHECK (d != NULL, "omp_target_alloc on device %d failed", dev);
      CHECK (omp_target_memcpy (d, a, sizeof a, 0, 0, dev, INITIAL_DEVICE)
	     == 0, "host (-1) to device copy failed");
      int c[16] = { 0 };
      CHECK (omp_target_memcpy (c, d, sizeof a, 0, 0, INITIAL_DEVICE, dev)
	     == 0, "device to host (-1) copy failed");
      for (int i = 0; i < 16; i++)
	CHECK (c[i] == i, "c[%d] = %d after the round trip", i, c[i]);
      omp_target_free (d, dev);
    }
  CHECK (omp_pause_resource (omp_pause_soft, INITIAL_DEVICE) == 0,
	 "omp_pause_resource on device -1 failed");
  return 0;
}
