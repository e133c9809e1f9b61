/* OMPT: a target construct.  The tool starts with the devices
   (device_initialize and device_load come first), and the region's
   events are target begin, one alloc and copy in per mapped object
   (host and device addresses, bytes), target_map with the clauses'
   items, submit, copies back and deletes, target end, all with the same
   target_data and a codeptr_ra inside main; at exit the device is
   unloaded and finalized and the tool's finalize runs.  */
/* { dg-additional-options "-rdynamic" } */
/* { dg-output "ompt-tool: initialize: 1 devices.*ompt-tool: finalize: tool_data 42, 1 devices finalized, \[1-9\]\[0-9\]* unloads, 0 errors" } */
#include "ompt-check.h"

#define M 1000

int
main (void)
{
  int *a = malloc (M * sizeof *a), *b = malloc (M * sizeof *b);
  long *x = malloc (sizeof *x);
  for (int i = 0; i < M; i++)
    a[i] = i;
  *x = 5;
#pragma omp target map(to: a[0:M]) map(from: b[0:M]) map(tofrom: x[0:1])
  {
    for (int i = 0; i < M; i++)
      b[i] = 2 * a[i];
    *x += 1;
  }
  CHECK (*x == 6 && b[M - 1] == 2 * (M - 1), "wrong results");

  log_load ();
  check_pairs ();
  int t = construct (K_TARGET, 0);
  CHECK (t >= 0, "no target begin");
  int te = construct_end (t);
  uint64_t id = L[t].target;
  CHECK (L[t].device == 0 && in_main (L[t].ra), "device %d ra %p",
	 L[t].device, L[t].ra);
  int init = first_of (LOG_DEVICE_INIT, 0), load = first_of (LOG_LOAD, 0);
  /* The kind of the device the tests run on (make check: emu; make
     check-gpu: cuda).  */
  const char *kind = getenv ("DEEPMAP_DEVICES");
  if (!kind || !*kind)
    kind = "emu";
  CHECK (init >= 0 && init < t && !strncmp (L[init].type, kind, 3),
	 "device_initialize %d", init);
  CHECK (load > init && load < t, "device_load %d", load);

  /* One alloc per object: source the host object, destination (at end)
     its device copy.  */
  void *host[3] = { a, b, x };
  size_t bytes[3] = { M * sizeof *a, M * sizeof *b, sizeof *x };
  unsigned flags[3] = { F_TO, F_FROM, F_TO | F_FROM };
  void *dev[3];
  CHECK (count_ops (id, OP_ALLOC) == 3, "%d allocs",
	 count_ops (id, OP_ALLOC));
  int m = map_of (id);
  CHECK (m > t && m < te && L[m].n == 3, "map %d with %u items", m,
	 m >= 0 ? L[m].n : 0);
  int submit = -1;
  for (int i = t; i < te; i++)
    if (L[i].cb == LOG_SUBMIT && L[i].endpoint == BEGIN)
      submit = i;
  CHECK (submit > m && L[submit].target == id, "submit %d", submit);
  for (int k = 0; k < 3; k++)
    {
      int al = data_op (id, OP_ALLOC, host[k], 0);
      CHECK (al > t && al < m && L[al].bytes == bytes[k]
	     && L[al].src_dev == 1 && L[al].dst_dev == 0 && L[al].dst,
	     "alloc of object %d", k);
      dev[k] = L[al].dst;
      int j = map_item (m, host[k]);
      CHECK (j >= 0 && L[m].devp[j] == dev[k] && L[m].sz[j] == bytes[k]
	     && L[m].flags[j] == flags[k], "map item of object %d", k);
      int del = data_op (id, OP_DELETE, dev[k], 0);
      CHECK (del > submit && del < te && L[del].src == dev[k] && !L[del].dst
	     && L[del].bytes == bytes[k], "delete of object %d", k);
    }
  /* Copies in: a and x; copies back: b and x.  */
  CHECK (count_ops (id, OP_TO) == 2 && count_ops (id, OP_FROM) == 2,
	 "%d copies in, %d back", count_ops (id, OP_TO),
	 count_ops (id, OP_FROM));
  int to_a = data_op (id, OP_TO, a, 0), to_x = data_op (id, OP_TO, x, 0);
  CHECK (to_a > t && to_a < m && L[to_a].dst == dev[0]
	 && L[to_a].bytes == bytes[0] && L[to_a].kind == OP_TO
	 && L[to_a].src_dev == 1 && L[to_a].dst_dev == 0, "copy in of a");
  CHECK (to_x > t && to_x < m && L[to_x].dst == dev[2]
	 && L[to_x].bytes == bytes[2], "copy in of x");
  int from_b = data_op (id, OP_FROM, b, 1), from_x = data_op (id, OP_FROM, x, 1);
  CHECK (from_b > submit && from_b < te && L[from_b].src == dev[1]
	 && L[from_b].bytes == bytes[1] && L[from_b].src_dev == 0
	 && L[from_b].dst_dev == 1, "copy back of b");
  CHECK (from_x > submit && from_x < te && L[from_x].src == dev[2],
	 "copy back of x");
  return 0;
}
