/* Unstructured partial overlap: enter data a[0:50], enter data a[25:50].
   The second section fuses with the first (one block over a[0:75], the
   device values of a[25:50] kept: default policy), and reference counts
   are per byte: a[0:25] has 1, a[25:50] 2, a[50:75] 1.  Exiting one
   section copies back (map from) exactly the bytes whose count reaches
   zero and unmaps only them; the rest keeps its device values until its
   own exit.  Both exit orders.  */
/* { dg-do run } */
/* { dg-require-effective-target offload_device_nonshared_as } */

#include "dir-check.h"

#define N 100

static int a[N];

static void
reset (void)
{
  for (int i = 0; i < N; i++)
    a[i] = i;
}

/* Enter both sections and make the device copy of a[0:75] hold 1000 + i
   (so that copy-back is visible), the host -1.  */
static void
enter_both (int dev)
{
  int *p = &a[25];
  reset ();
#pragma omp target enter data map(to: a[0:50])
  /* Host values changed between the two entries: the second entry copies
     only its new bytes a[50:75].  */
  for (int i = 0; i < N; i++)
    a[i] = -i;
#pragma omp target enter data map(to: p[0:50])
  dir_check_range (a, 75, sizeof a[0], dev, "a[0:75] after both entries");
  dir_check_absent (&a[75], N - 75, sizeof a[0], dev, "a[75:] after both");
  int buf[75];
  dm_dev_read (buf, a, sizeof buf, dev);
  CHECK_INTS (buf, 50, i, "device a[0:50] (first entry, kept)");
  CHECK_INTS (buf + 50, 25, -(i + 50), "device a[50:75] (second entry)");

  int *q = a;
#pragma omp target map(alloc: q[0:75])
  for (int i = 0; i < 75; i++)
    q[i] = 1000 + i;
  for (int i = 0; i < N; i++)
    a[i] = -1;
}

static void
check_host (int lo, int hi, int copied, const char *what)
{
  for (int i = lo; i < hi; i++)
    CHECK (a[i] == (copied ? 1000 + i : -1), "%s: host a[%d] = %d, expected %d",
	   what, i, a[i], copied ? 1000 + i : -1);
}

int
main (void)
{
  int dev = dm_dev ();
  int *p = &a[25];
  dm_require_device ();

  /* First section out first.  */
  enter_both (dev);
#pragma omp target exit data map(from: a[0:50])
  check_host (0, 25, 1, "a[0:25] after exit of a[0:50]");
  check_host (25, N, 0, "a[25:] after exit of a[0:50]");
  dir_check_absent (a, 25, sizeof a[0], dev, "a[0:25] after exit of a[0:50]");
  dir_check_range (&a[25], 50, sizeof a[0], dev, "a[25:75] after exit of a[0:50]");
  int buf[50];
  dm_dev_read (buf, &a[25], sizeof buf, dev);
  CHECK_INTS (buf, 50, 1025 + i, "device a[25:75] after exit of a[0:50]");
#pragma omp target exit data map(from: p[0:50])
  check_host (0, 75, 1, "a[0:75] after both exits");
  check_host (75, N, 0, "a[75:] after both exits");
  dir_check_absent (a, N, sizeof a[0], dev, "a after both exits");

  /* Second section out first.  */
  enter_both (dev);
#pragma omp target exit data map(from: p[0:50])
  check_host (0, 50, 0, "a[0:50] after exit of a[25:75]");
  check_host (50, 75, 1, "a[50:75] after exit of a[25:75]");
  check_host (75, N, 0, "a[75:] after exit of a[25:75]");
  dir_check_range (a, 50, sizeof a[0], dev, "a[0:50] after exit of a[25:75]");
  dir_check_absent (&a[50], 50, sizeof a[0], dev, "a[50:] after exit of a[25:75]");
  dm_dev_read (buf, a, sizeof buf, dev);
  CHECK_INTS (buf, 50, 1000 + i, "device a[0:50] after exit of a[25:75]");
#pragma omp target exit data map(from: a[0:50])
  check_host (0, 75, 1, "a[0:75] after both exits (reverse order)");
  dir_check_absent (a, N, sizeof a[0], dev, "a after both exits (reverse)");

  /* always,from copies every present byte of the section, whatever its
     count; release copies nothing.  */
  enter_both (dev);
#pragma omp target exit data map(always, from: a[0:50])
  check_host (0, 50, 1, "a[0:50] after always,from exit of a[0:50]");
  check_host (50, N, 0, "a[50:] after always,from exit of a[0:50]");
  dir_check_range (&a[25], 50, sizeof a[0], dev, "a[25:75] still present");
  for (int i = 0; i < N; i++)
    a[i] = -1;
#pragma omp target exit data map(release: p[0:50])
  check_host (0, N, 0, "a after release of a[25:75]");
  dir_check_absent (a, N, sizeof a[0], dev, "a after the release");

  /* Exiting what is not present does nothing; a delete through one
     section removes only its bytes.  */
  enter_both (dev);
  int *far = &a[80];
#pragma omp target exit data map(from: far[0:10])
  check_host (0, N, 0, "a after exit of an absent section");
  dir_check_range (a, 75, sizeof a[0], dev, "a[0:75] after exit of absent");
#pragma omp target exit data map(delete: p[0:50])
  dir_check_range (a, 25, sizeof a[0], dev, "a[0:25] after delete of a[25:75]");
  dir_check_absent (&a[25], 75, sizeof a[0], dev, "a[25:] after the delete");
#pragma omp target exit data map(from: a[0:50])
  check_host (0, 25, 1, "a[0:25] after the last exit");
  check_host (25, N, 0, "a[25:] after the last exit (deleted, no copy)");
  dir_check_absent (a, N, sizeof a[0], dev, "a at the end");
  return 0;
}
