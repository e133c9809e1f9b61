/* Attach: map(tofrom: s) map(tofrom: s.p[0:n]) inside target data.  The
   device copy of s.p points at the device copy of the array, the host s.p
   keeps pointing at the host array, and a region using s.p works on
   device data.  */
/* { dg-do run } */
/* { dg-require-effective-target offload_device_nonshared_as } */

#include "dm-check.h"

#define N 24

struct vec
{
  int n;
  int *p;
  double scale;
};

int
main (void)
{
  int *arr = malloc (N * sizeof *arr);
  struct vec s = { N, arr, 2.0 };
  int buf[N];
  int dev = dm_dev ();
  dm_require_device ();

  for (int i = 0; i < N; i++)
    arr[i] = i;

#pragma omp target data map(tofrom: s) map(tofrom: s.p[0:N])
  {
    /* The device struct's pointer member is the device array.  */
    struct vec sdev;
    dm_dev_read (&sdev, &s, sizeof sdev, dev);
    CHECK (sdev.p == dm_mapped (arr, dev),
	   "device s.p = %p, device array at %p", (void *) sdev.p,
	   dm_mapped (arr, dev));
    CHECK (sdev.n == N && sdev.scale == 2.0, "device s fields wrong");
    CHECK (s.p == arr, "host s.p changed to %p", (void *) s.p);

#pragma omp target
    for (int i = 0; i < s.n; i++)
      s.p[i] = (int) (s.p[i] * s.scale) + 1;

    dm_dev_read (buf, arr, sizeof buf, dev);
    CHECK_INTS (buf, N, 2 * i + 1, "device array after the region");
    CHECK_INTS (arr, N, i, "host array before copy-back");
  }
  CHECK (s.p == arr, "host s.p = %p after the data region, expected %p",
	 (void *) s.p, (void *) arr);
  CHECK_INTS (arr, N, 2 * i + 1, "host array after copy-back");
  CHECK (!omp_target_is_present (arr, dev), "array still present");
  CHECK (!omp_target_is_present (&s, dev), "s still present");

  /* The same in one target construct.  */
#pragma omp target map(tofrom: s) map(tofrom: s.p[0:N])
  for (int i = 0; i < s.n; i++)
    s.p[i] -= 1;
  CHECK_INTS (arr, N, 2 * i, "host array after a lone region");
  CHECK (s.p == arr, "host s.p changed by a lone region");
  free (arr);
  return 0;
}
