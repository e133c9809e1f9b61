/* OMPT: target data (begin reported as enter data, its end as exit
   data, as LLVM's runtime does), target enter data, target update and
   target exit data: kinds, codeptr_ra, the data operations each does
   with their addresses and bytes, and target_map's flags.  */
/* { dg-additional-options "-rdynamic" } */
#include "ompt-check.h"

#define M 256

int
main (void)
{
  int *a = malloc (M * sizeof *a), *b = malloc (M * sizeof *b);
  int *c = malloc (M * sizeof *c);
  for (int i = 0; i < M; i++)
    a[i] = b[i] = c[i] = i;
#pragma omp target data map(tofrom: a[0:M])
  {
#pragma omp target enter data map(to: b[0:M]) map(alloc: c[0:M])
#pragma omp target update to(b[0:M / 2]) from(a[0:10])
#pragma omp target exit data map(from: b[0:M]) map(release: c[0:M])
  }
#pragma omp target enter data map(to: b[0:M])
#pragma omp target exit data map(delete: b[0:M])

  log_load ();
  check_pairs ();
  int data = construct (K_ENTER, 0), enter = construct (K_ENTER, 1);
  int update = construct (K_UPDATE, 0), exit1 = construct (K_EXIT, 0);
  int enddata = construct (K_EXIT, 1), enter2 = construct (K_ENTER, 2);
  int exit2 = construct (K_EXIT, 2);
  CHECK (data >= 0 && data < enter && enter < update && update < exit1
	 && exit1 < enddata && enddata < enter2 && enter2 < exit2,
	 "constructs %d %d %d %d %d %d %d", data, enter, update, exit1,
	 enddata, enter2, exit2);
  int all[] = { data, enter, update, exit1, enddata, enter2, exit2 };
  for (int i = 0; i < 7; i++)
    {
      CHECK (in_main (L[all[i]].ra), "construct %d: ra", i);
      for (int j = 0; j < i; j++)
	CHECK (L[all[i]].ra != L[all[j]].ra, "constructs %d and %d share "
	       "a codeptr_ra", i, j);
    }

  /* target data: alloc and copy in of a; its map says tofrom.  */
  uint64_t t = L[data].target;
  int al = data_op (t, OP_ALLOC, a, 0), to = data_op (t, OP_TO, a, 0);
  CHECK (al >= 0 && to > al && L[to].dst == L[al].dst
	 && L[to].bytes == M * sizeof *a, "target data: alloc %d, to %d",
	 al, to);
  void *da = L[al].dst;
  int m = map_of (t);
  CHECK (m >= 0 && L[m].n == 1 && L[m].host[0] == a
	 && L[m].devp[0] == da && L[m].flags[0] == (F_TO | F_FROM),
	 "target data: map");

  /* enter data: b copied in, c only allocated.  */
  t = L[enter].target;
  CHECK (count_ops (t, OP_ALLOC) == 2 && count_ops (t, OP_TO) == 1,
	 "enter data: %d allocs, %d copies", count_ops (t, OP_ALLOC),
	 count_ops (t, OP_TO));
  int alb = data_op (t, OP_ALLOC, b, 0), alc = data_op (t, OP_ALLOC, c, 0);
  CHECK (alb >= 0 && alc >= 0 && data_op (t, OP_TO, b, 0) >= 0,
	 "enter data: ops of b and c");
  void *db = L[alb].dst, *dc = L[alc].dst;
  m = map_of (t);
  CHECK (m >= 0 && L[m].n == 2, "enter data: map");
  CHECK (L[m].flags[map_item (m, b)] == F_TO
	 && L[m].flags[map_item (m, c)] == F_ALLOC
	 && L[m].devp[map_item (m, c)] == dc, "enter data: map flags");

  /* update: half of b to the device, a[0:10] back.  */
  t = L[update].target;
  to = data_op (t, OP_TO, b, 0);
  int from = data_op (t, OP_FROM, a, 1);
  CHECK (to >= 0 && L[to].dst == db && L[to].bytes == M / 2 * sizeof *b,
	 "update: to");
  CHECK (from >= 0 && L[from].src == da && L[from].bytes == 10 * sizeof *a,
	 "update: from");
  CHECK (count_ops (t, OP_ALLOC) == 0 && count_ops (t, OP_DELETE) == 0,
	 "update allocates or deletes");

  /* exit data: b copied back and deleted, c deleted.  */
  t = L[exit1].target;
  from = data_op (t, OP_FROM, b, 1);
  CHECK (from >= 0 && L[from].src == db && L[from].bytes == M * sizeof *b,
	 "exit data: from");
  int del = data_op (t, OP_DELETE, db, 0);
  CHECK (del > from && L[del].src == db && !L[del].dst, "exit data: delete b");
  del = data_op (t, OP_DELETE, dc, 0);
  CHECK (del >= 0 && L[del].src == dc && !L[del].dst, "exit data: delete c");
  m = map_of (t);
  CHECK (m >= 0 && m < from && L[m].n == 2
	 && L[m].flags[map_item (m, b)] == F_FROM
	 && L[m].flags[map_item (m, c)] == F_RELEASE
	 && L[m].devp[map_item (m, b)] == db, "exit data: map");

  /* End of target data: a back and deleted.  */
  t = L[enddata].target;
  CHECK (data_op (t, OP_FROM, a, 1) >= 0 && data_op (t, OP_DELETE, da, 0) >= 0
	 && map_of (t) < 0, "end of target data");

  /* map(delete:) deletes without a copy.  */
  t = L[exit2].target;
  m = map_of (t);
  CHECK (m >= 0 && L[m].flags[0] == F_DELETE && count_ops (t, OP_FROM) == 0
	 && count_ops (t, OP_DELETE) == 1, "exit data map(delete:)");
  return 0;
}
