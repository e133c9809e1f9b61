/* use_device_ptr on target data: inside the construct the pointer holds
   the device address of the mapped data, usable with is_device_ptr and
   the omp_target_* routines.  */
/* { dg-do run } */
/* { dg-require-effective-target offload_device_nonshared_as } */

#include "dm-check.h"

#define N 40

int
main (void)
{
  int *a = malloc (N * sizeof *a);
  int *host_a = a;
  int buf[N];
  int dev = dm_dev ();
  dm_require_device ();

  for (int i = 0; i < N; i++)
    a[i] = i;

#pragma omp target data map(tofrom: a[0:N])
  {
    void *expect = dm_mapped (host_a, dev);
#pragma omp target data use_device_ptr(a)
    {
      CHECK (a == expect, "use_device_ptr gave %p, mapped address %p",
	     (void *) a, expect);
      CHECK (a != host_a, "use_device_ptr gave the host address");
      /* The device pointer works with the device memory routines.  */
      int rc = omp_target_memcpy (buf, a, sizeof buf, 0, 0,
				  omp_get_initial_device (), dev);
      CHECK (rc == 0, "omp_target_memcpy returned %d", rc);
      CHECK_INTS (buf, N, i, "device copy read through the device pointer");

#pragma omp target is_device_ptr(a)
      for (int i = 0; i < N; i++)
	a[i] = a[i] * 4;
    }
    CHECK (a == host_a, "a not restored after use_device_ptr");
    CHECK_INTS (a, N, i, "host copy before copy-back");
    dm_dev_read (buf, a, sizeof buf, dev);
    CHECK_INTS (buf, N, 4 * i, "device copy");
  }
  CHECK_INTS (a, N, 4 * i, "host copy after copy-back");

  /* use_device_ptr with the map on the same construct.  */
#pragma omp target data map(tofrom: a[0:N]) use_device_ptr(a)
  {
    CHECK (a != host_a, "use_device_ptr gave the host address (combined)");
#pragma omp target is_device_ptr(a)
    for (int i = 0; i < N; i++)
      a[i] += 1;
  }
  CHECK (a == host_a, "a not restored");
  CHECK_INTS (a, N, 4 * i + 1, "host copy after the combined construct");
  free (a);
  return 0;
}
