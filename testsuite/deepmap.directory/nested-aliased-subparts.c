/* The directory paper's "nested copy on aliased subparts":
   copyin(a[0:4], a[8:4]) (the second through an alias pointer, as GCC
   rejects one array twice in a clause list), then e = &a[4] and a nested
   copy(e[0:4]), which overlaps neither but touches both.  The paper fuses
   the two outer sections at once (same base array); the runtime only sees
   host intervals, and fuses sections that overlap or touch, so here the
   fusion happens when e fills the gap: from then on all of a[0:12] shares
   one device layout (also after the inner end: the block lives while any
   byte of it is mapped), e translates into it (in map clauses and in
   regions), and at the inner end exactly e's bytes are copied back and
   stop being present.  */
/* { dg-do run } */
/* { dg-require-effective-target offload_device_nonshared_as } */

#include "dir-check.h"

#define N 100

int
main (void)
{
  int a[N], buf[12];
  int *a2 = &a[8];
  int dev = dm_dev ();
  dm_require_device ();

  for (int i = 0; i < N; i++)
    a[i] = i;

#pragma omp target data map(tofrom: a[0:4]) map(tofrom: a2[0:4])
  {
    dir_check_range (a, 4, sizeof a[0], dev, "a[0:4]");
    dir_check_range (a2, 4, sizeof a[0], dev, "a2[0:4] = a[8:4]");
    dir_check_absent (&a[4], 4, sizeof a[0], dev, "hole a[4:4]");
    dir_check_absent (&a[12], 4, sizeof a[0], dev, "a[12:4]");

    int *e = &a[4];
#pragma omp target data map(tofrom: e[0:4])
    {
      dir_check_range (a, 12, sizeof a[0], dev, "a[0:12] with e");
      CHECK (dm_mapped (e, dev) == (char *) dm_mapped (a, dev)
	     + 4 * sizeof a[0], "e translates to %p, device a + 4 is %p",
	     dm_mapped (e, dev), (void *) ((char *) dm_mapped (a, dev)
					   + 4 * sizeof a[0]));
      dm_dev_read (buf, a, sizeof buf, dev);
      CHECK_INTS (buf, 12, i, "device a[0:12] after e was mapped");

      /* Each of the three pointers reaches the right device bytes.  */
      int *p = a;
#pragma omp target map(alloc: e[0:4])
      for (int i = 0; i < 4; i++)
	e[i] += 400;
#pragma omp target map(alloc: p[0:4])
      for (int i = 0; i < 4; i++)
	p[i] += 100;
#pragma omp target map(alloc: a2[0:4])
      for (int i = 0; i < 4; i++)
	a2[i] += 800;
      /* One region reading all three and the whole through p.  */
      int sum = 0;
#pragma omp target map(alloc: p[0:12], e[0:4]) map(tofrom: sum)
      for (int i = 0; i < 12; i++)
	sum += p[i] - (i >= 4 && i < 8 ? e[i - 4] : 0);
      CHECK (sum == (0 + 1 + 2 + 3) + 400 + (8 + 9 + 10 + 11) + 3200,
	     "sum over p without e = %d", sum);
      dm_dev_read (buf, a, sizeof buf, dev);
      CHECK_INTS (buf, 12, i + (i < 4 ? 100 : i < 8 ? 400 : 800),
		  "device a[0:12]");
      CHECK_INTS (a, 12, i, "host a[0:12] in the inner environment");
    }
    /* The hole's bytes were mapped only by the inner environment.  */
    CHECK_INTS (a, 4, i, "host a[0:4] after the inner end");
    CHECK_INTS (a + 4, 4, i + 404, "host a[4:4] after the inner end");
    CHECK_INTS (a + 8, 4, i + 8, "host a[8:4] after the inner end");
    dir_check_absent (&a[4], 4, sizeof a[0], dev, "a[4:4] after the inner end");
    dir_check_range (a, 4, sizeof a[0], dev, "a[0:4] after the inner end");
    dir_check_offset (a, 8 * sizeof a[0], dev, "a[8] after the inner end");
    dm_dev_read (buf, a, sizeof buf, dev);
    CHECK_INTS (buf, 4, i + 100, "device a[0:4] after the inner end");
    CHECK_INTS (buf + 8, 4, i + 808, "device a[8:4] after the inner end");
  }
  CHECK_INTS (a, 4, i + 100, "host a[0:4] after the outer end");
  CHECK_INTS (a + 4, 4, i + 404, "host a[4:4] after the outer end");
  CHECK_INTS (a + 8, 4, i + 808, "host a[8:4] after the outer end");
  CHECK_INTS (a + 12, N - 12, i + 12, "host a[12:] (never mapped)");
  dir_check_absent (a, N, sizeof a[0], dev, "a after the outer end");
  return 0;
}
