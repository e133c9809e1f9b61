/* nowait target regions really run asynchronously: a task body only
   queues its region and returns, so the thread goes on to other tasks
   while the region is still running.  The regions (on the emulated
   device, whose regions are host code) wait for a flag that only a host
   task sets, once it has seen every region start: several regions are in
   flight at once.  The team has two threads: whichever tasks each picks,
   the host task blocks at most one of them, and the other runs every
   target task's body.  A runtime that ran a nowait region inside its
   task body would block both threads (one in a region, one in the host
   task); the waits give up after a long while so that such a runtime
   fails instead of hanging.  The regions' data lie apart (data that
   touches data of a region in flight is fused with it, which waits for
   that region).  */
/* { dg-do run } */
/* { dg-skip-if "the region calls host functions, which nvptx code cannot" { offload_target_nvptx } } */
/* { dg-set-target-env-var DEEPMAP_DEVICES "emu" } */

#include <sched.h>
#include <stdint.h>
#include <time.h>

#include "dm-check.h"

#define K 4
#define N 64

static int started, go;

/* Wait until *P is at least WANT; 0 if that never happens.  */
static int
wait_for (int *p, int want)
{
  time_t give_up = time (NULL) + 5;
  while (__atomic_load_n (p, __ATOMIC_ACQUIRE) < want)
    {
      if (time (NULL) > give_up)
	return 0;
      sched_yield ();
    }
  return 1;
}

int
main (void)
{
  /* Row K: N values, then whether region K saw the flag.  */
  int *x[K], all_started = 0;
  uintptr_t started_p = (uintptr_t) &started, go_p = (uintptr_t) &go;
  for (int k = 0; k < K; k++)
    {
      x[k] = malloc ((N + 1) * sizeof (int) + 4096);
      CHECK (x[k] != NULL, "out of memory");
      for (int i = 0; i < N; i++)
	x[k][i] = k + i;
      x[k][N] = -1;
    }

  int sum = -1;
#pragma omp parallel num_threads(2)
#pragma omp single
  {
    for (int k = 0; k < K; k++)
      {
	int *xk = x[k];
#pragma omp target nowait map(tofrom: xk[0:N + 1]) \
  firstprivate(started_p, go_p) depend(out: xk[0])
	{
	  /* Host memory, reachable because the emulated device runs host
	     code: the handshake with the host task.  */
	  __atomic_add_fetch ((int *) started_p, 1, __ATOMIC_ACQ_REL);
	  xk[N] = wait_for ((int *) go_p, 1);
	  for (int i = 0; i < N; i++)
	    xk[i] *= 2;
	}
      }
#pragma omp task shared(all_started)
    {
      all_started = wait_for (&started, K);
      __atomic_store_n (&go, 1, __ATOMIC_RELEASE);
    }
    /* Depends on the regions: sees their results.  */
    int *x0 = x[0], *x1 = x[1], *x2 = x[2], *x3 = x[3];
#pragma omp task depend(in: x0[0], x1[0], x2[0], x3[0]) shared(sum) \
  firstprivate(x0, x1, x2, x3)
    sum = x0[1] + x1[1] + x2[1] + x3[1];
  }
  CHECK (all_started, "the host task saw %d of %d regions start", started,
	 K);
  CHECK (sum == 2 * (1 + 2 + 3 + 4), "dependent task saw sum %d", sum);
  for (int k = 0; k < K; k++)
    {
      CHECK (x[k][N] == 1, "region %d never saw the host task's flag", k);
      for (int i = 0; i < N; i++)
	CHECK (x[k][i] == 2 * (k + i), "x[%d][%d] = %d, expected %d", k, i,
	       x[k][i], 2 * (k + i));
      free (x[k]);
    }
  return 0;
}
