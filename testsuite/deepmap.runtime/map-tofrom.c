/* map(tofrom:) inside a target data region: the host copy keeps its old
   values until the data region ends, the device copy has the new ones,
   and the end of the region copies them back.  */
/* { dg-do run } */
/* { dg-require-effective-target offload_device_nonshared_as } */

#include "dm-check.h"

#define N 300

int
main (void)
{
  double a[N], buf[N];
  int dev = dm_dev ();
  dm_require_device ();

  for (int i = 0; i < N; i++)
    a[i] = i + 0.5;

#pragma omp target data map(tofrom: a)
  {
#pragma omp target map(tofrom: a)
    for (int i = 0; i < N; i++)
      a[i] = a[i] * 2.0;

    /* The inner construct did not end the mapping: no copy back yet.  */
    for (int i = 0; i < N; i++)
      CHECK (a[i] == i + 0.5, "host a[%d] = %g changed before copy-back", i,
	     a[i]);
    dm_dev_read (buf, a, sizeof a, dev);
    for (int i = 0; i < N; i++)
      CHECK (buf[i] == 2.0 * i + 1.0, "device a[%d] = %g, expected %g", i,
	     buf[i], 2.0 * i + 1.0);

#pragma omp target
    for (int i = 0; i < N; i++)
      a[i] += 1.0;
    for (int i = 0; i < N; i++)
      CHECK (a[i] == i + 0.5, "host a[%d] = %g changed before copy-back", i,
	     a[i]);
  }
  for (int i = 0; i < N; i++)
    CHECK (a[i] == 2.0 * i + 2.0, "host a[%d] = %g after copy-back, "
	   "expected %g", i, a[i], 2.0 * i + 2.0);

  /* A lone target region copies in and out.  */
  int x[N];
  for (int i = 0; i < N; i++)
    x[i] = i;
#pragma omp target map(tofrom: x)
  for (int i = 0; i < N; i++)
    x[i] = x[i] * 3 + 1;
  CHECK_INTS (x, N, 3 * i + 1, "x after a lone target region");
  return 0;
}
