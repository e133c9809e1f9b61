/* OpenMP 5.0 (2.19.7.1) reference counts of contained sections: a section
   that lies inside a present mapping is not a new mapping; it takes (and
   gives back) a reference on the mapping that holds it.  So
   - a section entered inside a target data keeps the whole enclosing
     mapping present after the construct ends (LLVM's
     target_data_array_extension_at_exit), and its exit then copies back
     just its own bytes and unmaps the whole mapping;
   - releasing a contained section first leaves the mapping present;
   - delete through a contained section removes the whole mapping;
   - a section over two present mappings counts on both.  */
/* { dg-do run } */
/* { dg-require-effective-target offload_device_nonshared_as } */

#include "dir-check.h"

#define N 100

static int a[N];

static void
fill (int v)
{
  for (int i = 0; i < N; i++)
    a[i] = v + i;
}

/* Make the device copy of a[0:N] hold 1000 + i.  */
static void
device_values (void)
{
  int *q = a;
#pragma omp target map(alloc: q[0:N])
  for (int i = 0; i < N; i++)
    q[i] = 1000 + i;
}

int
main (void)
{
  int dev = dm_dev ();
  int *tail = &a[98], *mid = &a[40];
  dm_require_device ();

  /* Entered inside target data: the whole array stays.  */
  fill (0);
#pragma omp target data map(tofrom: a[0:N])
  {
#pragma omp target enter data map(to: tail[0:2])
  }
  dir_check_range (a, N, sizeof a[0], dev, "a after target data ends");
  CHECK_INTS (a, N, i, "host a after target data (count not zero)");
  device_values ();
#pragma omp target exit data map(from: tail[0:2])
  CHECK_INTS (a, 98, i, "host a[0:98] (not the exiting section)");
  CHECK (a[98] == 1098 && a[99] == 1099, "a[98:2] = %d %d, expected the "
	 "device values", a[98], a[99]);
  dir_check_absent (a, N, sizeof a[0], dev, "a after the last exit");

  /* Releasing the contained section first.  */
  fill (0);
#pragma omp target enter data map(to: a[0:N])
#pragma omp target enter data map(alloc: mid[0:10])
#pragma omp target exit data map(release: mid[0:10])
  dir_check_range (a, N, sizeof a[0], dev, "a after releasing a[40:10]");
  device_values ();
#pragma omp target exit data map(from: a[0:N])
  CHECK_INTS (a, N, 1000 + i, "host a after the last exit");
  dir_check_absent (a, N, sizeof a[0], dev, "a after both exits");

  /* Delete through a contained section.  */
  fill (0);
#pragma omp target enter data map(to: a[0:N])
#pragma omp target enter data map(to: a[0:N])
#pragma omp target exit data map(delete: mid[0:1])
  dir_check_absent (a, N, sizeof a[0], dev, "a after delete of a[40:1]");

  /* Two adjacent mappings and a section across both: each gains a
     reference, and each loses one when the section goes.  */
  fill (0);
  int *lo = a, *hi = &a[50], *across = &a[45];
#pragma omp target enter data map(to: lo[0:50])
#pragma omp target enter data map(to: hi[0:50])
#pragma omp target enter data map(alloc: across[0:10])
#pragma omp target exit data map(release: lo[0:50])
#pragma omp target exit data map(release: hi[0:50])
  dir_check_range (a, N, sizeof a[0], dev, "a while a[45:10] is mapped");
#pragma omp target exit data map(release: across[0:10])
  dir_check_absent (a, N, sizeof a[0], dev, "a after the section's exit");
  return 0;
}
