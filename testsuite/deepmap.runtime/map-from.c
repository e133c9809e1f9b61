/* map(from:): nothing is copied to the device (the region sees fresh
   device memory, not the host values); the device values are copied back
   when the mapping ends, and not before.  */
/* { dg-do run } */
/* { dg-require-effective-target offload_device_nonshared_as } */

#include "dm-check.h"

#define N 128

int
main (void)
{
  int b[N], buf[N];
  int host_values_seen = 0;
  int dev = dm_dev ();
  dm_require_device ();

  for (int i = 0; i < N; i++)
    b[i] = 1000 + i;

#pragma omp target data map(from: b)
  {
#pragma omp target map(from: b) map(tofrom: host_values_seen)
    {
      int same = 0;
      for (int i = 0; i < N; i++)
	same += b[i] == 1000 + i;
      host_values_seen = same;
      for (int i = 0; i < N; i++)
	b[i] = 7 * i;
    }
    CHECK (host_values_seen < N,
	   "map(from) copied the host values to the device (%d of %d equal)",
	   host_values_seen, N);
    CHECK_INTS (b, N, 1000 + i, "host copy before the data region ends");
    dm_dev_read (buf, b, sizeof b, dev);
    CHECK_INTS (buf, N, 7 * i, "device copy");
  }
  CHECK_INTS (b, N, 7 * i, "host copy after the data region");

  /* A lone target region with map(from:) copies back at its end.  */
  int c[N];
  for (int i = 0; i < N; i++)
    c[i] = -1;
#pragma omp target map(from: c)
  for (int i = 0; i < N; i++)
    c[i] = i * i;
  CHECK_INTS (c, N, i * i, "map(from) on a target region");
  return 0;
}
