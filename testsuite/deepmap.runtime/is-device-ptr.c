/* is_device_ptr with omp_target_alloc memory: the pointer is passed to the
   region as it is, and data moves only through omp_target_memcpy.  */
/* { dg-do run } */
/* { dg-require-effective-target offload_device_nonshared_as } */

#include "dm-check.h"

#define N 512

int
main (void)
{
  int host[N];
  int dev = dm_dev ();
  int init = omp_get_initial_device ();
  dm_require_device ();

  int *d = omp_target_alloc (N * sizeof (int), dev);
  CHECK (d != NULL, "omp_target_alloc failed");
  CHECK (!omp_target_is_present (d, dev),
	 "omp_target_alloc memory reported as a mapped host address");

  for (int i = 0; i < N; i++)
    host[i] = i;
  CHECK (omp_target_memcpy (d, host, sizeof host, 0, 0, dev, init) == 0,
	 "memcpy to the device");

  int *seen = NULL;
#pragma omp target is_device_ptr(d) map(from: seen)
  {
    seen = d;
    for (int i = 0; i < N; i++)
      d[i] = d[i] * 2 + 1;
  }
  CHECK (seen == d, "region saw %p, allocated %p", (void *) seen, (void *) d);

  /* Pointer arithmetic on a device pointer inside the region.  */
  int *d2 = d + 100;
#pragma omp target is_device_ptr(d2)
  d2[0] = -1;

  for (int i = 0; i < N; i++)
    host[i] = 0;
  CHECK (omp_target_memcpy (host, d, sizeof host, 0, 0, init, dev) == 0,
	 "memcpy from the device");
  for (int i = 0; i < N; i++)
    {
      int e = i == 100 ? -1 : 2 * i + 1;
      CHECK (host[i] == e, "device d[%d] = %d, expected %d", i, host[i], e);
    }
  omp_target_free (d, dev);
  return 0;
}
