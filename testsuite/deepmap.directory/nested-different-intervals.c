/* The directory paper's "nested copy on different intervals": copy(a[0:4])
   outside, copy(b[4:4]) inside.  Two independent device copies; the inner
   end copies b[4:8] back and frees it, a stays until the outer end.  */
/* { dg-do run } */
/* { dg-require-effective-target offload_device_nonshared_as } */

#include "dir-check.h"

#define N 100

int
main (void)
{
  int a[N], b[N], buf[4];
  int dev = dm_dev ();
  dm_require_device ();

  for (int i = 0; i < N; i++)
    {
      a[i] = i;
      b[i] = 1000 + i;
    }

#pragma omp target data map(tofrom: a[0:4])
  {
    void *da = dm_mapped (a, dev);
#pragma omp target data map(tofrom: b[4:4])
    {
      dir_check_range (a, 4, sizeof a[0], dev, "a[0:4]");
      dir_check_range (&b[4], 4, sizeof b[0], dev, "b[4:4]");
      CHECK (!omp_target_is_present (&b[3], dev), "b[3] present");
      CHECK (!omp_target_is_present (&b[8], dev), "b[8] present");
      CHECK (dm_mapped (a, dev) == da, "a moved when b was mapped");
      dm_dev_read (buf, &b[4], sizeof buf, dev);
      CHECK_INTS (buf, 4, 1004 + i, "device b[4:4]");

      int *pa = a, *pb = &b[4];
#pragma omp target map(alloc: pa[0:4], pb[0:4])
      for (int i = 0; i < 4; i++)
	{
	  pa[i] += pb[i];
	  pb[i] = -pb[i];
	}
      CHECK_INTS (a, 4, i, "host a[0:4] in the inner environment");
      CHECK_INTS (&b[4], 4, 1004 + i, "host b[4:4] in the inner environment");
    }
    /* b's bytes reached count zero: copied back, freed.  */
    CHECK_INTS (&b[4], 4, -(1004 + i), "host b[4:4] after the inner end");
    dir_check_absent (b, N, sizeof b[0], dev, "b after the inner end");
    CHECK_INTS (a, 4, i, "host a[0:4] after the inner end");
    dm_dev_read (buf, a, sizeof buf, dev);
    CHECK_INTS (buf, 4, i + 1004 + i, "device a[0:4] after the inner end");
  }
  CHECK_INTS (a, 4, i + 1004 + i, "host a[0:4] after the outer end");
  CHECK_INTS (b, 4, 1000 + i, "host b[0:4] (never mapped)");
  dir_check_absent (a, N, sizeof a[0], dev, "a after the outer end");
  return 0;
}
