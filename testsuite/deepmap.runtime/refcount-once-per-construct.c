/* One construct raises the reference count of an object at most once,
   even when several of its list items fall into it: here the whole array
   through an alias pointer and a section of it (GCC rejects one array
   twice in a clause list, and puts the pointer-based item first, so the
   section lands inside the alias's mapping).  One exit data afterwards
   removes the object.  */
/* { dg-do run } */
/* { dg-require-effective-target offload_device_nonshared_as } */

#include "dm-check.h"

#define N 8

int
main (void)
{
  int a[N];
  int *all = a;
  int buf[N];
  int dev = dm_dev ();
  dm_require_device ();

  for (int i = 0; i < N; i++)
    a[i] = i;

#pragma omp target enter data map(to: a[2:2]) map(to: all[0:N])
  CHECK (omp_target_is_present (&a[7], dev), "a[7] not present");
  CHECK (dm_mapped (&a[2], dev) == (char *) dm_mapped (a, dev)
	 + 2 * sizeof (int), "a[2] not mapped into the alias's device copy");
  dm_dev_read (buf, a, sizeof buf, dev);
  CHECK_INTS (buf, N, i, "device copy after enter data");
#pragma omp target exit data map(release: all[0:N])
  CHECK (!omp_target_is_present (a, dev),
	 "a still present: one construct counted it twice");

  /* The same range twice.  */
#pragma omp target enter data map(to: a[0:N]) map(to: all[0:N])
#pragma omp target exit data map(release: a[0:N])
  CHECK (!omp_target_is_present (a, dev),
	 "a still present after the same range twice in one construct");

  /* Both in one target data construct: the end of the construct removes
     the mapping and copies back once.  */
#pragma omp target data map(tofrom: a[2:2]) map(tofrom: all[0:N])
  {
#pragma omp target map(tofrom: a)
    for (int i = 0; i < N; i++)
      a[i] += 10;
    dm_dev_read (buf, a, sizeof buf, dev);
    CHECK_INTS (buf, N, i + 10, "device a");
    CHECK_INTS (a, N, i, "host a before copy-back");
  }
  CHECK (!omp_target_is_present (a, dev),
	 "a still present after the target data ended");
  CHECK_INTS (a, N, i + 10, "host a after copy-back");

  /* Both in one target data nested in an enter data: the count goes back
     to one, not below or above it.  */
#pragma omp target enter data map(to: a)
#pragma omp target data map(tofrom: a[2:2]) map(tofrom: all[0:N])
  {
  }
  CHECK (omp_target_is_present (a, dev), "a gone after the nested construct");
#pragma omp target exit data map(release: a)
  CHECK (!omp_target_is_present (a, dev),
	 "a still present: the nested construct left a reference behind");

  /* Both in one target region.  */
#pragma omp target map(tofrom: a[2:2]) map(tofrom: all[0:N])
  {
    all[0] = -1;
    a[3] = -3;
  }
  CHECK (a[0] == -1 && a[3] == -3 && a[5] == 15,
	 "a[0] = %d, a[3] = %d, a[5] = %d after the region", a[0], a[3], a[5]);
  CHECK (!omp_target_is_present (a, dev), "a still present after region");
  return 0;
}
