/* omp_target_associate_ptr / omp_target_disassociate_ptr: a host array
   associated with omp_target_alloc memory is present, maps to that memory
   (with the device offset), is used by regions without copies, and is no
   longer present after disassociation; the device memory survives it.  */
/* { dg-do run } */
/* { dg-require-effective-target offload_device_nonshared_as } */

#include "dm-check.h"

#define N 50

int
main (void)
{
  int a[N], buf[N + 4];
  int dev = dm_dev ();
  int host = omp_get_initial_device ();
  dm_require_device ();

  for (int i = 0; i < N; i++)
    a[i] = i;

  /* Device block of N + 4 ints; a is associated with it at offset 4
     ints.  */
  int *d = omp_target_alloc ((N + 4) * sizeof (int), dev);
  CHECK (d != NULL, "omp_target_alloc");
  for (int i = 0; i < N + 4; i++)
    buf[i] = -100 - i;
  CHECK (omp_target_memcpy (d, buf, sizeof buf, 0, 0, dev, host) == 0,
	 "fill");

  CHECK (omp_target_associate_ptr (a, d, sizeof a, 4 * sizeof (int), dev)
	 == 0, "omp_target_associate_ptr failed");
  CHECK (omp_target_is_present (a, dev), "a not present after association");
  CHECK (omp_target_is_present (&a[N - 1], dev), "a[N-1] not present");
  CHECK (dm_mapped (a, dev) == (void *) (d + 4),
	 "a maps to %p, expected %p", dm_mapped (a, dev), (void *) (d + 4));
  CHECK (dm_mapped (&a[10], dev) == (void *) (d + 14),
	 "a[10] maps to %p, expected %p", dm_mapped (&a[10], dev),
	 (void *) (d + 14));

  /* The association behaves like a present mapping: map(tofrom:) copies
     neither way.  */
#pragma omp target map(tofrom: a)
  for (int i = 0; i < N; i++)
    a[i] = -a[i] * 2;
  CHECK_INTS (a, N, i, "host a after a region on an associated pointer");
  CHECK (omp_target_memcpy (buf, d, sizeof buf, 0, 0, host, dev) == 0,
	 "read");
  for (int i = 0; i < N + 4; i++)
    {
      int e = i < 4 ? -100 - i : (100 + i) * 2;
      CHECK (buf[i] == e, "device block [%d] = %d, expected %d", i, buf[i],
	     e);
    }

  /* target update moves data through the association.  */
#pragma omp target update to(a[0:2])
  CHECK (omp_target_memcpy (buf, d, sizeof buf, 0, 0, host, dev) == 0,
	 "read");
  CHECK (buf[4] == 0 && buf[5] == 1 && buf[6] == (100 + 6) * 2,
	 "device after update to(a[0:2]): %d %d %d", buf[4], buf[5], buf[6]);

  /* An association is not removed by exit data of the pointer's data.  */
#pragma omp target exit data map(release: a)
  CHECK (omp_target_is_present (a, dev),
	 "exit data map(release) removed an association");

  CHECK (omp_target_disassociate_ptr (a, dev) == 0,
	 "omp_target_disassociate_ptr failed");
  CHECK (!omp_target_is_present (a, dev), "a present after disassociation");

  /* The device memory is still the program's.  */
  CHECK (omp_target_memcpy (buf, d, sizeof buf, 0, 0, host, dev) == 0,
	 "read after disassociation");
  CHECK (buf[5] == 1, "device memory changed by disassociation");
  omp_target_free (d, dev);
  return 0;
}
