/* A declare target link variable mapped only in part (enter data of a
   section): a region that writes the section through the variable writes
   its device copy, which exit data brings back.  On the emulated device
   region code reaches the variable at its host address: the mapped
   section's device values are put there around the region (they were
   not, as the variable's first byte is not mapped: the region wrote the
   host array and exit data copied the unchanged device section over
   it).  Two sections in two blocks, and one region that only reads.  */
/* { dg-do run } */
/* { dg-require-effective-target offload_device_nonshared_as } */
/* Two sections in two blocks: a GPU's link pointer reaches one.  */
/* { dg-set-target-env-var DEEPMAP_DEVICES "emu" } */

#include "dm-check.h"

int table[64];
#pragma omp declare target link(table)

#pragma omp declare target
static int
scale (int lo, int hi, int k)
{
  int first = table[lo];
  for (int i = lo; i < hi; i++)
    table[i] = k * table[i] + 1;
  return first;
}
#pragma omp end declare target

int
main (void)
{
  for (int i = 0; i < 64; i++)
    table[i] = i;
#pragma omp target enter data map(to: table[8:16])
#pragma omp target enter data map(to: table[40:8])
  int r1 = -1, r2 = -1, seen = -1;
#pragma omp target map(from: r1, r2)
  {
    r1 = scale (8, 24, 3);
    r2 = scale (40, 48, 2);
  }
  /* The host's values have not changed yet.  */
  for (int i = 0; i < 64; i++)
    CHECK (table[i] == i, "host table[%d] = %d before exit data", i,
	   table[i]);
#pragma omp target map(from: seen)
  seen = table[10];
#pragma omp target exit data map(from: table[8:16])
#pragma omp target exit data map(from: table[40:8])
  CHECK (r1 == 8 && r2 == 40, "first values %d %d", r1, r2);
  CHECK (seen == 31, "device table[10] = %d", seen);
  for (int i = 0; i < 64; i++)
    {
      int want = i >= 8 && i < 24 ? 3 * i + 1 : i >= 40 && i < 48 ? 2 * i + 1 : i;
      CHECK (table[i] == want, "table[%d] = %d, not %d", i, table[i], want);
    }
  printf ("ok\n");
  return 0;
}
