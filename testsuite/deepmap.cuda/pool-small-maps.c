/* Many small maps cost few driver allocations: the pool sub-allocates
   (BASE+).  */
/* { dg-do run } */
/* { dg-set-target-env-var DEEPMAP_DEVICES "cuda" } */

#include "cuda-check.h"

#define NOBJ 2000

int
main (void)
{
  static double objs[NOBJ][8];
  dm_require_device ();
  unsigned long before = fk_count ("cuMemAlloc");
  for (int k = 0; k < NOBJ; k++)
    {
      for (int i = 0; i < 8; i++)
	objs[k][i] = k + i * 0.5;
      double *p = objs[k];
#pragma omp target enter data map(to: p[0:8])
    }
  unsigned long allocs = fk_count ("cuMemAlloc") - before;
  CHECK (allocs >= 1 && allocs <= 8, "%d small maps made %lu cuMemAlloc "
	 "calls", NOBJ, allocs);
  for (int k = 0; k < NOBJ; k += 97)
    {
      double buf[8];
      dm_dev_read (buf, objs[k], sizeof buf, dm_dev ());
      for (int i = 0; i < 8; i++)
	CHECK (buf[i] == k + i * 0.5, "object %d [%d] = %g", k, i, buf[i]);
    }
  for (int k = 0; k < NOBJ; k++)
    {
      double *p = objs[k];
#pragma omp target exit data map(delete: p[0:8])
    }
  /* Mapping again reuses the pool's memory.  */
  before = fk_count ("cuMemAlloc");
  for (int k = 0; k < NOBJ; k++)
    {
      double *p = objs[k];
#pragma omp target enter data map(to: p[0:8])
    }
  CHECK (fk_count ("cuMemAlloc") == before, "remapping made %lu cuMemAlloc "
	 "calls", fk_count ("cuMemAlloc") - before);
  return 0;
}
