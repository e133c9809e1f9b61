/* OMPT: nowait constructs run as target tasks: the nowait kinds, a
   target_task_data of their own, data operations (queued ones with the
   _async types) and submit between begin and end, end once the queued
   work is done (after every event of the construct), codeptr_ra in
   main.  Several run at once on two threads.  */
/* { dg-additional-options "-rdynamic" } */
#include "ompt-check.h"

#define M 4096
#define K 4

int
main (void)
{
  int *v[K];
  for (int k = 0; k < K; k++)
    {
      v[k] = malloc (M * sizeof (int));
      for (int i = 0; i < M; i++)
	v[k][i] = k;
    }
#pragma omp parallel num_threads(2)
#pragma omp single
  {
    for (int k = 0; k < K; k++)
      {
	int *p = v[k];
#pragma omp target enter data map(to: p[0:M]) nowait depend(out: p[0])
#pragma omp target nowait depend(inout: p[0])
	for (int i = 0; i < M; i++)
	  p[i] += 1;
#pragma omp target update from(p[0:M]) nowait depend(inout: p[0])
#pragma omp target exit data map(delete: p[0:M]) nowait depend(inout: p[0])
      }
#pragma omp taskwait
  }
  for (int k = 0; k < K; k++)
    CHECK (v[k][M - 1] == k + 1, "result of %d", k);

  log_load ();
  check_pairs ();
  int kinds[] = { K_ENTER_NOWAIT, K_TARGET_NOWAIT, K_UPDATE_NOWAIT,
		  K_EXIT_NOWAIT };
  int ops[] = { OP_TO, 0, OP_FROM, OP_DELETE };
  for (int c = 0; c < 4; c++)
    for (int k = 0; k < K; k++)
      {
	int b = construct (kinds[c], k), e = b >= 0 ? construct_end (b) : -1;
	CHECK (b >= 0 && e > b, "construct kind %d #%d", kinds[c], k);
	CHECK (L[b].task != 0 && L[e].task == L[b].task && in_main (L[b].ra),
	       "construct kind %d #%d: task data or ra", kinds[c], k);
	uint64_t t = L[b].target;
	/* Every event of T lies before its end (check_pairs), and
	   carries the target task.  */
	int seen = 0;
	for (int i = b; i < e; i++)
	  if (L[i].cb == LOG_DATA_OP && L[i].target == t)
	    {
	      CHECK (L[i].task == L[b].task, "data op %d: task data", i);
	      if ((L[i].kind & ~OP_ASYNC) == ops[c])
		seen++;
	    }
	  else if (L[i].cb == LOG_SUBMIT && L[i].target == t)
	    seen++;
	CHECK (seen >= 2, "construct kind %d #%d: %d ops", kinds[c], k, seen);
      }
  /* Work was queued (the _async data operation types).  */
  int queued = 0;
  for (int i = 0; i < N; i++)
    queued += L[i].cb == LOG_DATA_OP && (L[i].kind & OP_ASYNC);
  CHECK (queued > 0, "no queued data operation");
  return 0;
}
