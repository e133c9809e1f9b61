/* target exit data map(release:): decrements the reference count; the
   object stays present until the count reaches zero, and release never
   copies back.  */
/* { dg-do run } */
/* { dg-require-effective-target offload_device_nonshared_as } */

#include "dm-check.h"

#define N 100

int
main (void)
{
  int a[N], buf[N];
  int dev = dm_dev ();
  dm_require_device ();

  for (int i = 0; i < N; i++)
    a[i] = i;

#pragma omp target enter data map(to: a)
#pragma omp target enter data map(to: a)
  CHECK (omp_target_is_present (a, dev), "a not present after enter data");

#pragma omp target map(tofrom: a)
  for (int i = 0; i < N; i++)
    a[i] = -i;
  CHECK_INTS (a, N, i, "host copy while the mapping is alive");

#pragma omp target exit data map(release: a)
  CHECK (omp_target_is_present (a, dev),
	 "a gone after one release of two enter data");
  dm_dev_read (buf, a, sizeof a, dev);
  CHECK_INTS (buf, N, -i, "device copy after the first release");

#pragma omp target exit data map(release: a)
  CHECK (!omp_target_is_present (a, dev),
	 "a still present after the second release");
  CHECK_INTS (a, N, i, "host copy after release (release never copies)");
  return 0;
}
