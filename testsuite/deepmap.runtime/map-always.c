/* map(always, to:) and map(always, from:) copy although the object is
   already mapped; plain to/from on a present object do not.  */
/* { dg-do run } */
/* { dg-require-effective-target offload_device_nonshared_as } */

#include "dm-check.h"

#define N 32

int
main (void)
{
  int a[N], buf[N], seen[N];
  int dev = dm_dev ();
  dm_require_device ();

  for (int i = 0; i < N; i++)
    a[i] = i;

#pragma omp target data map(tofrom: a)
  {
    /* The host changes its copy; plain map(to:) of a present object does
       not copy it.  */
    for (int i = 0; i < N; i++)
      a[i] = 100 + i;
#pragma omp target map(to: a) map(from: seen)
    for (int i = 0; i < N; i++)
      seen[i] = a[i];
    CHECK_INTS (seen, N, i, "map(to) of a present object copied again");

    /* always, to: copies.  */
#pragma omp target map(always, to: a) map(from: seen)
    for (int i = 0; i < N; i++)
      {
	seen[i] = a[i];
	a[i] = 200 + i;
      }
    CHECK_INTS (seen, N, 100 + i, "map(always, to) did not copy");
    CHECK_INTS (a, N, 100 + i, "host copy after map(always, to) region");

    /* Plain from: on a present object does not copy back at region end.  */
#pragma omp target map(from: a)
    for (int i = 0; i < N; i++)
      a[i] = 300 + i;
    CHECK_INTS (a, N, 100 + i, "map(from) of a present object copied back");

    /* always, from: copies back at the end of the region.  */
#pragma omp target map(always, from: a)
    for (int i = 0; i < N; i++)
      a[i] += 100;
    CHECK_INTS (a, N, 400 + i, "map(always, from) did not copy back");

    /* always, tofrom: both ways.  */
    for (int i = 0; i < N; i++)
      a[i] = -i;
#pragma omp target map(always, tofrom: a)
    for (int i = 0; i < N; i++)
      a[i] *= 2;
    CHECK_INTS (a, N, -2 * i, "map(always, tofrom)");

    for (int i = 0; i < N; i++)
      a[i] = 1;
    dm_dev_read (buf, a, sizeof a, dev);
    CHECK_INTS (buf, N, -2 * i, "device copy");
  }
  /* The data region's own tofrom copies back the device values.  */
  CHECK_INTS (a, N, -2 * i, "host copy after the data region");
  return 0;
}
