/* Constant tables in declare target (HeCBench's crc64: lookup tables;
   an outside campaign).  The emulated device puts a variable's device
   value at its host address while region code runs: a const table
   there is read-only memory, and writing it faulted; it equals its
   device copy and is left alone.  Two such tables that lie end to end,
   named in one construct's map list: the construct fused them into one
   block and stopped ("whose device memory the program provided ...
   cannot be extended"); present, they need no block.  */
/* { dg-do run } */

#include "dm-check.h"

#pragma omp declare target
static const unsigned long tab1[4][256] = { { 1, 2, 3 } };
static const unsigned long tab2[4][256] = { { 4, 5, 6 } };
#pragma omp end declare target

int
main (void)
{
  unsigned long out[16];
#pragma omp target teams distribute parallel for map(from: out[0:16])
  for (int i = 0; i < 16; i++)
    out[i] = tab1[0][i % 4];
  unsigned long s = 0;
  for (int i = 0; i < 16; i++)
    s += out[i];
  CHECK (s == 24);

#pragma omp target data map(from: out[0:16]) \
	map(to: tab1[0:4][0:256], tab2[0:4][0:256])
  {
#pragma omp target teams distribute parallel for
    for (int i = 0; i < 16; i++)
      out[i] = tab1[0][i % 4] + tab2[0][i % 4];
  }
  s = 0;
  for (int i = 0; i < 16; i++)
    s += out[i];
  CHECK (s == 84);
  return 0;
}
