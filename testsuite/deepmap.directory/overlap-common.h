/* overlap-common.h -- the partial-overlap scenario shared by the
   overlap-keep, overlap-refresh and overlap-api tests.

   a[0:8] is mapped with device values 100 + i; the host then holds
   200 + i everywhere; a section that overlaps the present bytes and
   brings new ones is mapped (enter data a[4:8] = a[4:12], and target data
   a[6:6] = a[6:12] on a second mapping).  New bytes always come from the
   host.  Present bytes keep their device values under the keep policy
   and are refreshed from the host under the refresh policy, but only for
   sections that bring new bytes and copy to the device: a section wholly
   present, or one mapped alloc, leaves them alone; always,to refreshes
   them under either policy.  REFRESH says which policy is expected.  */
#ifndef OVERLAP_COMMON_H
#define OVERLAP_COMMON_H

#include "dir-check.h"

#define ON 16

static int a[ON];

static void
check_dev (int lo, int hi, int expect_refreshed, int dev, const char *what)
{
  int buf[ON];
  dm_dev_read (buf, &a[lo], (hi - lo) * sizeof a[0], dev);
  for (int i = lo; i < hi; i++)
    {
      int want = expect_refreshed ? 200 + i : 100 + i;
      CHECK (buf[i - lo] == want, "%s: device a[%d] = %d, expected %d (%s)",
	     what, i, buf[i - lo], want,
	     expect_refreshed ? "refreshed from the host" : "device value kept");
    }
}

/* Map a[0:8] with device values 100 + i, host values 200 + i.  */
static void
prepare (void)
{
  for (int i = 0; i < ON; i++)
    a[i] = i;
#pragma omp target enter data map(to: a[0:8])
  int *p = a;
#pragma omp target map(alloc: p[0:8])
  for (int i = 0; i < 8; i++)
    p[i] = 100 + i;
  for (int i = 0; i < ON; i++)
    a[i] = 200 + i;
}

static void
finish (int dev, const char *what)
{
#pragma omp target exit data map(delete: a[0:ON])
  dir_check_absent (a, ON, sizeof a[0], dev, what);
}

static void
overlap_scenario (int refresh, int dev)
{
  int *p4 = &a[4], *p6 = &a[6], *p2 = &a[2];

  /* enter data to: a[4:12] overlaps the present a[4:8].  */
  prepare ();
#pragma omp target enter data map(to: p4[0:8])
  dir_check_range (a, 12, sizeof a[0], dev, "a[0:12] after enter a[4:12]");
  check_dev (0, 4, 0, dev, "enter to a[4:12], a[0:4] (not in the section)");
  check_dev (4, 8, refresh, dev, "enter to a[4:12], present a[4:8]");
  check_dev (8, 12, 1, dev, "enter to a[4:12], new a[8:12]");
  finish (dev, "a after the enter data scenario");

  /* target data tofrom: a[6:12].  */
  prepare ();
#pragma omp target data map(tofrom: p6[0:6])
  {
    check_dev (0, 6, 0, dev, "target data a[6:12], a[0:6]");
    check_dev (6, 8, refresh, dev, "target data a[6:12], present a[6:8]");
    check_dev (8, 12, 1, dev, "target data a[6:12], new a[8:12]");
  }
  finish (dev, "a after the target data scenario");

  /* A region's map: the region sees the chosen values.  */
  prepare ();
  int seen[2];
#pragma omp target map(tofrom: p6[0:6]) map(from: seen[0:2])
  {
    seen[0] = p6[0];	/* present a[6] */
    seen[1] = p6[4];	/* new a[10] */
  }
  CHECK (seen[0] == (refresh ? 206 : 106), "region saw a[6] = %d, expected %d",
	 seen[0], refresh ? 206 : 106);
  CHECK (seen[1] == 210, "region saw a[10] = %d, expected 210", seen[1]);
  check_dev (0, 6, 0, dev, "a[0:6] after the region");
  check_dev (6, 8, refresh, dev, "a[6:8] after the region");
  finish (dev, "a after the region scenario");

  /* Wholly present section: never refreshed (OpenMP's present rule).  */
  prepare ();
#pragma omp target enter data map(to: p2[0:4])
  check_dev (0, 8, 0, dev, "enter to a[2:6], wholly present");
  finish (dev, "a after the wholly present scenario");

  /* alloc copies nothing: the present bytes keep their values.  */
  prepare ();
#pragma omp target enter data map(alloc: p4[0:8])
  check_dev (0, 8, 0, dev, "enter alloc a[4:12], present a[0:8]");
  finish (dev, "a after the alloc scenario");

  /* always,to copies every byte of the section under either policy.  */
  prepare ();
#pragma omp target enter data map(always, to: p4[0:8])
  check_dev (0, 4, 0, dev, "enter always,to a[4:12], a[0:4]");
  check_dev (4, 12, 1, dev, "enter always,to a[4:12], a[4:12]");
  finish (dev, "a after the always,to scenario");
}

#endif
