/* Zero-length array sections: p[0:0] and p[:0] of a pointer into a mapped
   object translate the pointer to the matching device address; an
   unmapped one creates no mapping; a pointer used without a map clause is
   treated the same way (OpenMP 5.x implicit zero-length section).  */
/* { dg-do run } */
/* { dg-require-effective-target offload_device_nonshared_as } */

#include "dm-check.h"

#define N 64

int
main (void)
{
  int a[N], b[N], buf[N];
  int *p = a, *q = &a[10], *r = b;
  int out = 0;
  int dev = dm_dev ();
  dm_require_device ();

  for (int i = 0; i < N; i++)
    a[i] = b[i] = i;

#pragma omp target enter data map(to: a)
  {
    /* p[0:0]: p becomes the device address of a.  */
#pragma omp target map(tofrom: p[0:0]) map(from: out)
    {
      out = p[5];
      p[5] = 500;
    }
    CHECK (out == 5, "p[5] read %d in the region, expected 5", out);
    CHECK (a[5] == 5, "host a[5] = %d changed", a[5]);

    /* q[:0] of a pointer into the middle of a.  */
#pragma omp target map(q[:0]) map(from: out)
    {
      out = q[-5] + q[0];
      q[1] = 1100;
    }
    CHECK (out == 510, "q[-5] + q[0] read %d, expected 510", out);

    /* No map clause at all: the pointer is still translated.  */
#pragma omp target map(from: out)
    {
      out = p[11];
      p[12] = 1200;
    }
    CHECK (out == 1100, "implicit p[11] read %d, expected 1100", out);

    dm_dev_read (buf, a, sizeof a, dev);
    for (int i = 0; i < N; i++)
      {
	int expect = i == 5 ? 500 : i == 11 ? 1100 : i == 12 ? 1200 : i;
	CHECK (buf[i] == expect, "device a[%d] = %d, expected %d", i, buf[i],
	       expect);
      }
    CHECK_INTS (a, N, i, "host a while mapped");
  }
#pragma omp target exit data map(from: a)
  for (int i = 0; i < N; i++)
    {
      int expect = i == 5 ? 500 : i == 11 ? 1100 : i == 12 ? 1200 : i;
      CHECK (a[i] == expect, "host a[%d] = %d after exit data, expected %d",
	     i, a[i], expect);
    }

  /* A zero-length section of an unmapped object maps nothing.  */
#pragma omp target enter data map(to: r[0:0])
  CHECK (!omp_target_is_present (b, dev),
	 "zero-length enter data made b present");
#pragma omp target map(tofrom: r[:0]) map(from: out)
  out = 77;
  CHECK (out == 77, "region with an unmapped zero-length section");
  CHECK (!omp_target_is_present (b, dev), "b present after the region");
#pragma omp target exit data map(release: r[0:0])
  CHECK_INTS (b, N, i, "host b");
  return 0;
}
