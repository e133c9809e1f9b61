/* Host code between the kernels of a loop that synchronizes with other
   threads or tasks: a deferred task that rewrites the array, waited for
   with taskwait; and a second thread of the parallel region that takes
   the array over between the kernels through atomic flags (release,
   acquire).  Kept across the loop, the array was copied back before
   the taskwait, or before the wait on the flag, while the task or the
   other thread was writing it, and their writes were lost (7 and 8 runs
   in 10).  Such a point ends a loop or run hoisting may keep: the
   results are the host's, in every run.  */
/* { dg-options "-fplugin-arg-deepmap-report" } */
/* { dg-final { scan-deepmap-report "'a' not kept on the device across the loop at sync-between-kernels.c:\[0-9\]+ because the loop creates or waits for tasks, or synchronizes with other threads" } } */
/* { dg-final { scan-deepmap-report "'b' not kept on the device across the loop at sync-between-kernels.c:\[0-9\]+ because the loop creates or waits for tasks, or synchronizes with other threads" } } */
#include <stdlib.h>
#include <omp.h>
#include "check.h"

#define N (1 << 16)

__attribute__ ((noinline)) static void
with_task (double *a)
{
#pragma omp parallel num_threads(4)
#pragma omp single
  for (int s = 0; s < 4; s++)
    {
#pragma omp target teams distribute parallel for map(tofrom: a[0:N])
      for (int i = 0; i < N; i++)
	a[i] += 1;
      if (s == 1)
	{
#pragma omp task
	  for (int i = 0; i < N; i++)
	    a[i] += 100;
#pragma omp taskwait
	}
#pragma omp target teams distribute parallel for map(tofrom: a[0:N])
      for (int i = 0; i < N; i++)
	a[i] += 1;
    }
}

/* Returns the team's size: with one thread, nobody takes over.  */
__attribute__ ((noinline)) static int
with_atomics (double *b)
{
  int go = 0, done = 0, team = 1;
#pragma omp parallel num_threads(2) shared(go, done, team)
  {
    if (omp_get_thread_num () == 0 && (team = omp_get_num_threads ()) == 1)
      for (int s = 0; s < 2; s++)
	{
#pragma omp target teams distribute parallel for map(tofrom: b[0:N])
	  for (int i = 0; i < N; i++)
	    b[i] += 2;
	}
    else if (omp_get_thread_num () == 0)
      for (int s = 0; s < 2; s++)
	{
#pragma omp target teams distribute parallel for map(tofrom: b[0:N])
	  for (int i = 0; i < N; i++)
	    b[i] += 1;
#pragma omp atomic write release
	  go = s + 1;
	  int d;
	  do
	    {
#pragma omp atomic read acquire
	      d = done;
	    }
	  while (d != s + 1);
#pragma omp target teams distribute parallel for map(tofrom: b[0:N])
	  for (int i = 0; i < N; i++)
	    b[i] += 1;
	}
    else
      for (int s = 0; s < 2; s++)
	{
	  int g;
	  do
	    {
#pragma omp atomic read acquire
	      g = go;
	    }
	  while (g != s + 1);
	  for (int i = 0; i < N; i++)
	    b[i] += 100;
#pragma omp atomic write release
	  done = s + 1;
	}
  }
  return team;
}

int
main (void)
{
  double *a = (double *) calloc (N, sizeof *a);
  double *b = (double *) calloc (N, sizeof *b);
  CHECK (a && b);
  with_task (a);
  for (int i = 0; i < N; i++)
    CHECK (a[i] == 108, "task: a[%d] is %g, not 108", i, a[i]);
  double want = with_atomics (b) == 2 ? 204 : 4;
  for (int i = 0; i < N; i++)
    CHECK (b[i] == want, "atomics: b[%d] is %g, not %g", i, b[i], want);
  return 0;
}
