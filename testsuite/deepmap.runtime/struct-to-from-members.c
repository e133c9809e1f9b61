/* Different map types for members of one struct: map(to: s.x)
   map(from: s.y).  s.x goes in and never comes back; s.y comes back and
   never goes in.  */
/* { dg-do run } */
/* { dg-require-effective-target offload_device_nonshared_as } */

#include "dm-check.h"

struct P
{
  long x;
  int pad[5];
  long y;
  long z;
};

int
main (void)
{
  struct P s = { 11, { 0 }, 22, 33 };
  long x_seen = 0, y_seen = 0;
  int dev = dm_dev ();
  dm_require_device ();

#pragma omp target map(to: s.x) map(from: s.y) map(from: x_seen, y_seen)
  {
    x_seen = s.x;
    y_seen = s.y;
    s.y = s.x * 3;
    s.x = -1;
  }
  CHECK (x_seen == 11, "region read s.x = %ld, expected 11", x_seen);
  CHECK (y_seen != 22, "map(from: s.y) copied the host value in");
  CHECK (s.y == 33, "s.y = %ld after copy-back, expected 33", s.y);
  CHECK (s.x == 11, "map(to: s.x) copied back: s.x = %ld", s.x);
  CHECK (s.z == 33, "s.z = %ld changed", s.z);

  /* The same inside target data: s.y stays old on the host until the end
     of the data region.  */
  s.x = 4;
  s.y = 0;
#pragma omp target data map(to: s.x) map(from: s.y)
  {
#pragma omp target map(to: s.x) map(from: s.y)
    s.y = s.x + 1;
    long ydev = 0;
    dm_dev_read (&ydev, &s.y, sizeof ydev, dev);
    CHECK (ydev == 5, "device s.y = %ld, expected 5", ydev);
    CHECK (s.y == 0, "host s.y = %ld before copy-back", s.y);
  }
  CHECK (s.y == 5, "host s.y = %ld after the data region", s.y);
  CHECK (s.x == 4, "host s.x = %ld", s.x);
  return 0;
}
