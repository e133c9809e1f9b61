/* Struct element maps: map(tofrom: s.a, s.b[0:4]) maps only the named
   members (GOMP_MAP_STRUCT); the region reads and writes them through the
   device copy, and other members keep their host values.  */
/* { dg-do run } */
/* { dg-require-effective-target offload_device_nonshared_as } */

#include "dm-check.h"

struct S
{
  int before[8];
  int a;
  int b[8];
  double tail[16];
};

int
main (void)
{
  struct S s;
  int dev = dm_dev ();
  dm_require_device ();

  for (int i = 0; i < 8; i++)
    s.before[i] = s.b[i] = 10 + i;
  s.a = 5;
  for (int i = 0; i < 16; i++)
    s.tail[i] = i;

#pragma omp target data map(tofrom: s.a, s.b[0:4])
  {
    CHECK (omp_target_is_present (&s.a, dev), "s.a not present");
    CHECK (omp_target_is_present (&s.b[3], dev), "s.b[3] not present");
    CHECK (!omp_target_is_present (&s.before[0], dev),
	   "s.before present although not mapped");
    CHECK (!omp_target_is_present (&s.tail[15], dev),
	   "s.tail present although not mapped");

#pragma omp target map(tofrom: s.a, s.b[0:4])
    {
      s.a += 100;
      for (int i = 0; i < 4; i++)
	s.b[i] *= 2;
    }
    int a_dev, b_dev[4];
    dm_dev_read (&a_dev, &s.a, sizeof a_dev, dev);
    dm_dev_read (b_dev, &s.b[0], sizeof b_dev, dev);
    CHECK (a_dev == 105, "device s.a = %d, expected 105", a_dev);
    CHECK_INTS (b_dev, 4, 2 * (10 + i), "device s.b[0:4]");
    CHECK (s.a == 5, "host s.a = %d changed before copy-back", s.a);
    CHECK_INTS (s.b, 8, 10 + i, "host s.b before copy-back");
  }
  CHECK (s.a == 105, "host s.a = %d after copy-back, expected 105", s.a);
  for (int i = 0; i < 8; i++)
    {
      int e = i < 4 ? 2 * (10 + i) : 10 + i;
      CHECK (s.b[i] == e, "host s.b[%d] = %d, expected %d", i, s.b[i], e);
    }
  CHECK_INTS (s.before, 8, 10 + i, "host s.before");
  for (int i = 0; i < 16; i++)
    CHECK (s.tail[i] == i, "host s.tail[%d] = %g", i, s.tail[i]);
  CHECK (!omp_target_is_present (&s.a, dev), "s.a still present");

  /* A lone region with member maps.  */
#pragma omp target map(tofrom: s.a, s.b[2:4])
  {
    s.a = -s.a;
    for (int i = 2; i < 6; i++)
      s.b[i] += 1000;
  }
  CHECK (s.a == -105, "s.a = %d after the lone region", s.a);
  for (int i = 0; i < 8; i++)
    {
      int e = (i < 4 ? 2 * (10 + i) : 10 + i) + (i >= 2 && i < 6 ? 1000 : 0);
      CHECK (s.b[i] == e, "host s.b[%d] = %d, expected %d", i, s.b[i], e);
    }
  return 0;
}
