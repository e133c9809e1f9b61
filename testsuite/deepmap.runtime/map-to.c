/* map(to:): the device copy starts with the host values, and what the
   region writes is not copied back.  */
/* { dg-do run } */
/* { dg-require-effective-target offload_device_nonshared_as } */

#include "dm-check.h"

#define N 256

int
main (void)
{
  int a[N], seen[N], buf[N];
  int dev = dm_dev ();
  dm_require_device ();

  for (int i = 0; i < N; i++)
    a[i] = 3 * i + 1;

#pragma omp target data map(to: a)
  {
    dm_dev_read (buf, a, sizeof a, dev);
    CHECK_INTS (buf, N, 3 * i + 1, "device copy after map(to)");

#pragma omp target map(to: a) map(from: seen)
    for (int i = 0; i < N; i++)
      {
	seen[i] = a[i];
	a[i] = -i;
      }
    CHECK_INTS (seen, N, 3 * i + 1, "values the region read");
    CHECK_INTS (a, N, 3 * i + 1, "host copy while mapped");
    dm_dev_read (buf, a, sizeof a, dev);
    CHECK_INTS (buf, N, -i, "device copy after the region wrote it");
  }
  /* map(to:) never copies back.  */
  CHECK_INTS (a, N, 3 * i + 1, "host copy after unmapping");
  CHECK (!omp_target_is_present (a, dev), "a still present after unmapping");
  return 0;
}
