/* exit () while other threads offload: the runtime's teardown must not
   pull device memory from under regions and copies still running (it
   crashed 7 runs in 40).  Likewise a deepmap error in one thread while
   others are busy ends with the error line and status 1, not a signal.
   Each scenario runs ROUNDS times in child processes.  */
/* { dg-do run } */
/* On the emulated device even under make check-gpu: children fork after the
   parent started the device, which a CUDA driver does not survive.  */
/* { dg-set-target-env-var DEEPMAP_DEVICES "emu" } */
/* { dg-require-effective-target offload_device_nonshared_as } */

#include <pthread.h>
#include <stdint.h>

#include "dm-expect-error.h"

#define ROUNDS 20

static void *
worker (void *p)
{
  int n = 1000 + (int) (intptr_t) p * 100;
  for (;;)
    {
      int *a = malloc (n * sizeof *a);
      for (int i = 0; i < n; i++)
	a[i] = i;
#pragma omp target map(tofrom: a[0:n])
      for (int i = 0; i < n; i++)
	a[i]++;
      free (a);
    }
  return NULL;
}

static void
start_workers (void)
{
  pthread_t t;
  for (intptr_t i = 0; i < 4; i++)
    CHECK (pthread_create (&t, NULL, worker, (void *) i) == 0,
	   "pthread_create failed");
  usleep (20000);
}

static void
busy_then_error (void *arg)
{
  start_workers ();
  int n = *(int *) arg, *p = arg;
  /* A negative length is an error.  */
#pragma omp target enter data map(to: p[0:n])
}

int
main (void)
{
  dm_require_device ();
  for (int r = 0; r < ROUNDS; r++)
    {
      fflush (NULL);
      pid_t pid = fork ();
      CHECK (pid >= 0, "fork failed");
      if (pid == 0)
	{
	  start_workers ();
	  exit (0);
	}
      int st;
      CHECK (waitpid (pid, &st, 0) == pid, "waitpid failed");
      CHECK (WIFEXITED (st) && WEXITSTATUS (st) == 0,
	     "round %d: exit () while offloading ended with %s %d", r,
	     WIFEXITED (st) ? "status" : "signal",
	     WIFEXITED (st) ? WEXITSTATUS (st) : WTERMSIG (st));
      int minus_one = -1;
      dm_expect_error ("an error while others offload", busy_then_error,
		       &minus_one, "larger than any object");
    }
  return 0;
}
