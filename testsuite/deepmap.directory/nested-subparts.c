/* The directory paper's "nested copy on subparts of an array":
   copy(a[0:4]) outside, copy(a[4:4]) inside.  The inner section touches
   the outer one: the directory fuses them into one device block holding
   a[0:8] in host order (a[0]'s device contents move along), so a region
   can compute b[0] = a[0] + a[4] through one pointer.  At the inner end
   only a[4:8] (count zero) is copied back and stops being present; a[0:4]
   stays with the values the inner level gave it until the outer end.  */
/* { dg-do run } */
/* { dg-require-effective-target offload_device_nonshared_as } */

#include "dir-check.h"

#define N 100

int
main (void)
{
  int a[N], b[1] = { -1 }, buf[8];
  int dev = dm_dev ();
  dm_require_device ();

  for (int i = 0; i < N; i++)
    a[i] = 10 * (i + 1);

#pragma omp target data map(tofrom: a[0:4])
  {
    /* Give the outer copy device-only values: they must survive the
       move into the fused block.  */
    int *p = a;
#pragma omp target map(alloc: p[0:4])
    for (int i = 0; i < 4; i++)
      p[i] += 1;

#pragma omp target data map(tofrom: a[4:4])
    {
      dir_check_range (a, 8, sizeof a[0], dev, "fused a[0:8]");
      CHECK (!omp_target_is_present (&a[8], dev), "a[8] present");
      dm_dev_read (buf, a, sizeof buf, dev);
      CHECK_INTS (buf, 4, 10 * (i + 1) + 1, "device a[0:4] after the fusion");
      CHECK_INTS (buf + 4, 4, 10 * (i + 5), "device a[4:8] after the fusion");

      /* b[0] = a[0] + a[4], through one pointer to the fused block.  */
#pragma omp target map(alloc: p[0:8]) map(tofrom: b[0:1])
      {
	b[0] = p[0] + p[4];
	p[0] = 0;
	p[4] = 4;
      }
      CHECK (b[0] == 11 + 50, "b[0] = %d, expected %d", b[0], 11 + 50);

      /* The same through the array itself (implicitly mapped: only the
	 present extent a[0:8] is used).  */
#pragma omp target map(tofrom: b[0:1])
      b[0] = a[1] + a[5] + a[7];
      CHECK (b[0] == 21 + 60 + 80, "b[0] = %d, expected %d", b[0],
	     21 + 60 + 80);
      CHECK_INTS (a, 8, 10 * (i + 1), "host a[0:8] in the inner environment");
    }
    /* a[4:8] reached count zero: copied back and no longer present.  */
    CHECK (a[4] == 4, "host a[4] = %d after the inner end, expected 4", a[4]);
    CHECK_INTS (a + 5, 3, 10 * (i + 6), "host a[5:3] after the inner end");
    CHECK_INTS (a, 4, 10 * (i + 1), "host a[0:4] after the inner end");
    dir_check_absent (&a[4], 4, sizeof a[0], dev, "a[4:4] after the inner end");
    dir_check_range (a, 4, sizeof a[0], dev, "a[0:4] after the inner end");
    dm_dev_read (buf, a, 4 * sizeof a[0], dev);
    CHECK (buf[0] == 0, "device a[0] = %d after the inner end, expected 0",
	   buf[0]);
    CHECK_INTS (buf + 1, 3, 10 * (i + 2) + 1, "device a[1:3] after the inner end");
  }
  CHECK (a[0] == 0, "host a[0] = %d after the outer end, expected 0", a[0]);
  CHECK_INTS (a + 1, 3, 10 * (i + 2) + 1, "host a[1:3] after the outer end");
  CHECK (a[4] == 4, "host a[4] = %d after the outer end, expected 4", a[4]);
  CHECK_INTS (a + 8, N - 8, 10 * (i + 9), "host a[8:] (never mapped)");
  dir_check_absent (a, N, sizeof a[0], dev, "a after the outer end");
  return 0;
}
