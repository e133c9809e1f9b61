/* map(alloc:): device storage without any copy, in either direction.  */
/* { dg-do run } */
/* { dg-require-effective-target offload_device_nonshared_as } */

#include "dm-check.h"

#define N 64

int
main (void)
{
  int c[N], buf[N];
  int dev = dm_dev ();
  dm_require_device ();

  for (int i = 0; i < N; i++)
    c[i] = 7;

#pragma omp target data map(alloc: c)
  {
    CHECK (omp_target_is_present (c, dev), "c not present under map(alloc)");
    dm_dev_read (buf, c, sizeof c, dev);
    int same = 0;
    for (int i = 0; i < N; i++)
      same += buf[i] == 7;
    CHECK (same < N, "map(alloc) copied the host values to the device");

    /* The region initialises the device copy itself.  */
#pragma omp target map(alloc: c)
    for (int i = 0; i < N; i++)
      c[i] = i + 100;
    dm_dev_read (buf, c, sizeof c, dev);
    CHECK_INTS (buf, N, i + 100, "device copy written by the region");
    CHECK_INTS (c, N, 7, "host copy while mapped");
  }
  /* map(alloc:) never copies back.  */
  CHECK_INTS (c, N, 7, "host copy after the data region");
  CHECK (!omp_target_is_present (c, dev), "c still present");
  return 0;
}
