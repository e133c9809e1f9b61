/* The directory paper's "nested copy on same interval": copy(a[0:4])
   inside copy(a[0:4]).  One device copy serves both data environments
   (the inner one finds every byte present: no second allocation, no
   transfer), the inner end copies nothing back (the outer still holds
   the bytes) and the outer end copies back what both levels wrote.  */
/* { dg-do run } */
/* { dg-require-effective-target offload_device_nonshared_as } */

#include "dir-check.h"

#define N 100

int
main (void)
{
  int a[N], buf[4];
  int dev = dm_dev ();
  dm_require_device ();

  for (int i = 0; i < N; i++)
    a[i] = i;

#pragma omp target data map(tofrom: a[0:4])
  {
    void *outer = dm_mapped (a, dev);
    dir_check_range (a, 4, sizeof a[0], dev, "outer a[0:4]");
    CHECK (!omp_target_is_present (&a[4], dev), "a[4] present");

#pragma omp target data map(tofrom: a[0:4])
    {
      CHECK (dm_mapped (a, dev) == outer,
	     "inner a[0:4] at device %p, outer at %p: two device copies",
	     dm_mapped (a, dev), outer);
      dm_dev_read (buf, a, sizeof buf, dev);
      CHECK_INTS (buf, 4, i, "device a[0:4] in the inner environment");

      int *p = a;
#pragma omp target map(alloc: p[0:4])
      for (int i = 0; i < 4; i++)
	p[i] += 10;
      dm_dev_read (buf, a, sizeof buf, dev);
      CHECK_INTS (buf, 4, i + 10, "device a[0:4] after the inner region");
      CHECK_INTS (a, 4, i, "host a[0:4] in the inner environment");
    }

    /* The outer environment still holds a[0:4]: nothing copied back, and
       it sees what the inner region wrote.  */
    CHECK_INTS (a, 4, i, "host a[0:4] after the inner environment ended");
    CHECK (dm_mapped (a, dev) == outer, "a[0:4] moved at the inner end");
    dm_dev_read (buf, a, sizeof buf, dev);
    CHECK_INTS (buf, 4, i + 10, "device a[0:4] after the inner end");

#pragma omp target map(tofrom: a[0:4])
    for (int i = 0; i < 4; i++)
      a[i] *= 2;
    CHECK_INTS (a, 4, i, "host a[0:4] after an outer-level region");
  }
  CHECK_INTS (a, 4, (i + 10) * 2, "host a[0:4] after the outer end");
  CHECK_INTS (a + 4, N - 4, i + 4, "host a[4:96] (never mapped)");
  dir_check_absent (a, N, sizeof a[0], dev, "a after the outer end");
  return 0;
}
