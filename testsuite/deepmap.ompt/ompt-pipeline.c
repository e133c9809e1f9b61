/* OMPT: a pipelined loop (deepmap_pipeline_begin/iter/end, what
   #pragma deepmap pipeline lowers to) is seen as the data constructs a
   hand-written pipeline would be: enter data at its begin (the slots'
   allocations and the first chunks' copies in), an update at each
   iteration that starts a chunk, exit data at its end (the last copies
   back, the slots' deletes).  Every copy belongs to one of them, their
   codeptr_ra lie in main, and the bytes are what the pipeline moves:
   each row of A to the device once (its halo rows move on the device),
   each row of B the loop writes once each way.  */
/* { dg-additional-options "-rdynamic" } */
#include "deepmap.h"
#include "ompt-check.h"

#define NX 64
#define NZ 20
#define CHUNK 3
#define STREAMS 2

static float A[NZ][NX], B[NZ][NX], want[NZ][NX];

int
main (void)
{
  for (int k = 0; k < NZ; k++)
    for (int i = 0; i < NX; i++)
      {
	A[k][i] = k * 100 + i;
	B[k][i] = want[k][i] = -1;
      }
  for (int k = 1; k < NZ - 1; k++)
    for (int i = 0; i < NX; i++)
      want[k][i] = A[k - 1][i] + A[k][i] + A[k + 1][i];

  struct deepmap_pipe_array arr[2] = {
    { A, sizeof A[0], 1, -1, 3, DEEPMAP_PIPE_TO, "A", 0, 0 },
    { B, sizeof B[0], 1, 0, 1, DEEPMAP_PIPE_TOFROM, "B", 0, 0 } };
  void *p = deepmap_pipeline_begin (-1, 1, NZ - 1, 1, CHUNK, STREAMS, 0, 2,
				    arr);
  CHECK (p != NULL, "the loop runs on a device");
  for (int k = 1; k < NZ - 1; k++)
    {
      deepmap_pipeline_iter (p, k);
#pragma omp target map(to: A[k - 1:3][0:NX]) map(tofrom: B[k:1][0:NX])
      for (int i = 0; i < NX; i++)
	B[k][i] = A[k - 1][i] + A[k][i] + A[k + 1][i];
    }
  deepmap_pipeline_end (p);
  for (int k = 0; k < NZ; k++)
    for (int i = 0; i < NX; i++)
      CHECK (B[k][i] == want[k][i], "B[%d][%d] = %g, not %g", k, i,
	     B[k][i], want[k][i]);

  log_load ();
  check_pairs ();
  int nchunks = (NZ - 2 + CHUNK - 1) / CHUNK;
  int enter = construct (K_ENTER, 0), exit = construct (K_EXIT, 0);
  CHECK (enter >= 0 && construct (K_ENTER, 1) < 0, "one enter data");
  CHECK (exit > enter && construct (K_EXIT, 1) < 0, "one exit data");
  CHECK (construct (K_UPDATE, nchunks - 1) > enter
	 && construct (K_UPDATE, nchunks) < 0, "an update per chunk");
  int upd = construct (K_UPDATE, 1);
  CHECK (in_main (L[enter].ra) && in_main (L[exit].ra)
	 && in_main (L[upd].ra), "codeptr_ra in main");
  CHECK (L[enter].ra != L[exit].ra && L[enter].ra != L[upd].ra
	 && L[exit].ra != L[upd].ra, "one codeptr_ra per entry point");
  for (int c = 0; c < nchunks; c++)
    CHECK (L[construct (K_UPDATE, c)].ra == L[upd].ra,
	   "update %d: the iteration's codeptr_ra", c);

  /* The slots: allocated at the begin, deleted at the end, of no one
     host range.  */
  uint64_t te = L[enter].target, tx = L[exit].target;
  CHECK (count_ops (te, OP_ALLOC) == 2 && count_ops (tx, OP_DELETE) == 2,
	 "allocs %d, deletes %d", count_ops (te, OP_ALLOC),
	 count_ops (tx, OP_DELETE));
  int na = 0;
  for (int i = 0; i < N; i++)
    if (L[i].cb == LOG_DATA_OP && L[i].endpoint == END
	&& L[i].kind == OP_ALLOC)
      {
	CHECK (L[i].target == te && L[i].src == NULL && L[i].dst != NULL
	       && L[i].bytes > 0, "alloc %d", i);
	CHECK (data_op (tx, OP_DELETE, L[i].dst, 0) >= 0,
	       "alloc %d: no delete of its device memory", i);
	na++;
      }
  CHECK (na == 2, "%d allocations", na);

  /* Every copy within the pipeline's constructs; bytes per array.  */
  size_t a_to = 0, b_to = 0, b_from = 0;
  for (int i = 0; i < N; i++)
    {
      struct ompt_log *e = &L[i];
      if (e->cb != LOG_DATA_OP || e->endpoint != END
	  || ((e->kind & ~OP_ASYNC) != OP_TO && (e->kind & ~OP_ASYNC) != OP_FROM))
	continue;
      CHECK (e->target != 0, "copy %d outside a construct", i);
      int b = -1;
      for (int j = 0; j < i; j++)
	if (L[j].cb == LOG_TARGET && L[j].endpoint == BEGIN
	    && L[j].target == e->target)
	  b = j;
      CHECK (b >= 0 && (L[b].kind == K_ENTER || L[b].kind == K_UPDATE
			|| L[b].kind == K_EXIT),
	     "copy %d in a construct of kind %d", i, b >= 0 ? L[b].kind : -1);
      char *s = e->src, *d = e->dst;
      if ((e->kind & ~OP_ASYNC) == OP_TO && s >= (char *) A
	  && s < (char *) A + sizeof A)
	a_to += e->bytes;
      else if ((e->kind & ~OP_ASYNC) == OP_TO && s >= (char *) B
	       && s < (char *) B + sizeof B)
	b_to += e->bytes;
      else if ((e->kind & ~OP_ASYNC) == OP_FROM && d >= (char *) B
	       && d < (char *) B + sizeof B)
	b_from += e->bytes;
    }
  CHECK (a_to == sizeof A, "A: %zu bytes sent, not %zu", a_to, sizeof A);
  CHECK (b_to == (NZ - 2) * sizeof B[0] && b_from == b_to,
	 "B: %zu bytes sent, %zu back, not %zu", b_to, b_from,
	 (NZ - 2) * sizeof B[0]);
  return 0;
}
