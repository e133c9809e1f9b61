/* The soft stacks a synchronous region leaves for the next one (here
   528 teams x 8 warps x 128 KiB = 528 MiB) give way when data needs the
   memory: the allocation is retried after freeing them.  */
/* { dg-do run } */
/* { dg-set-target-env-var DEEPMAP_DEVICES "cuda" } */
/* { dg-set-target-env-var FAKECUDA_MEMORY "1073741824" } */

#include "synthetic-image.h"

#define BIG ((size_t) 700 << 20)

int
main (void)
{
  synth_register ();
  dm_require_device ();
  void *none[] = { NULL };
  GOMP_target_ext (0, synth_region, 0, NULL, NULL, NULL, 0, NULL, none);
  struct fakecuda_launch l;
  CHECK (fk_last_launch (&l) == 1 && l.grid[0] == 528 && l.block[1] == 8,
	 "default geometry %u teams of %u warps", l.grid[0], l.block[1]);
  unsigned long frees = fk_count ("cuMemFree");

  /* 700 MiB do not fit next to the stacks: they must go.  */
  char *big = malloc (BIG);
  CHECK (big != NULL, "no host memory");
#pragma omp target enter data map(alloc: big[0:BIG])
  CHECK (omp_target_is_present (big, 0), "big not mapped");
  CHECK (fk_count ("cuMemFree") == frees + 1, "%lu cuMemFree calls, "
	 "expected the stacks' one", fk_count ("cuMemFree") - frees);
#pragma omp target exit data map(delete: big[0:BIG])
  free (big);
  return 0;
}
