/* declare target variables and functions: the variable has a device copy
   for the whole program (present without any map), target update moves
   data in either direction, and functions are callable in regions.  */
/* { dg-do run } */
/* { dg-require-effective-target offload_device_nonshared_as } */

#include "dm-check.h"

#define N 16

#pragma omp declare target
int gv[N];
long gcount;
static int
twice_plus (int x)
{
  return 2 * x + 1;
}
void
bump (void)
{
  gcount++;
}
#pragma omp end declare target

int
main (void)
{
  int buf[N];
  int dev = dm_dev ();
  dm_require_device ();

  CHECK (omp_target_is_present (gv, dev),
	 "declare target variable gv not present on device %d", dev);
  CHECK (omp_target_is_present (&gcount, dev),
	 "declare target variable gcount not present");

  for (int i = 0; i < N; i++)
    gv[i] = i;
  gcount = 0;
#pragma omp target update to(gv, gcount)
  dm_dev_read (buf, gv, sizeof buf, dev);
  CHECK_INTS (buf, N, i, "device gv after target update to");

#pragma omp target
  {
    for (int i = 0; i < N; i++)
      gv[i] = twice_plus (gv[i]);
    bump ();
    bump ();
  }
  dm_dev_read (buf, gv, sizeof buf, dev);
  CHECK_INTS (buf, N, 2 * i + 1, "device gv after the region");

#pragma omp target update from(gv, gcount)
  CHECK_INTS (gv, N, 2 * i + 1, "host gv after target update from");
  CHECK (gcount == 2, "gcount = %ld, expected 2", gcount);

  /* Host-side changes stay on the host until the next update to.  */
  for (int i = 0; i < N; i++)
    gv[i] = 1000;
  int sum = 0;
#pragma omp target map(from: sum)
  {
    int s = 0;
    for (int i = 0; i < N; i++)
      s += gv[i];
    sum = s;
  }
  CHECK (sum == N * N, "region read host values of gv without an update "
	 "(sum %d, expected %d)", sum, N * N);
#pragma omp target update to(gv)
#pragma omp target map(from: sum)
  {
    int s = 0;
    for (int i = 0; i < N; i++)
      s += gv[i];
    sum = s;
  }
  CHECK (sum == N * 1000, "sum %d after target update to, expected %d",
	 sum, N * 1000);

  /* A map clause of a declare target variable finds it present (for
     the whole program): no copy in either direction.  */
#pragma omp target map(tofrom: gv)
  gv[0] = twice_plus (gv[0]);
  CHECK (gv[0] == 1000, "host gv[0] = %d after map(tofrom: gv) of a "
	 "declare target variable, expected 1000", gv[0]);
  dm_dev_read (buf, gv, sizeof buf, dev);
  CHECK (buf[0] == 2001, "device gv[0] = %d, expected 2001", buf[0]);

  /* Writes through the device address (a pointer section of the
     variable) and at the variable itself in one region, both when the
     device copy equals the host value on entry and when it does not.  */
  for (int round = 0; round < 2; round++)
    {
      for (int i = 0; i < N; i++)
	gv[i] = i;
#pragma omp target update to(gv)
      if (round)
	gv[5] = -5;		/* host and device differ on entry */
      int *p = gv;
#pragma omp target map(to: p[0:N])
      {
	p[1] = 77;
	gv[2] = 88;
      }
      CHECK (gv[1] == 1 && gv[2] == 2 && gv[5] == (round ? -5 : 5),
	     "round %d: host gv = %d %d %d, expected its own values", round,
	     gv[1], gv[2], gv[5]);
      dm_dev_read (buf, gv, sizeof buf, dev);
      CHECK (buf[1] == 77 && buf[2] == 88 && buf[5] == 5,
	     "round %d: device gv[1], gv[2], gv[5] = %d %d %d, expected "
	     "77 88 5", round, buf[1], buf[2], buf[5]);
    }
  return 0;
}
