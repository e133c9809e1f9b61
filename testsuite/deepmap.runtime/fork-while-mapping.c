/* fork () while another thread maps: the child must get a usable
   runtime (it inherited a device lock the mapping thread held, and hung
   in 30 runs of 30).  Each child offloads, synchronously and with
   nowait, and exits through exit () (the runtime's exit handlers run).  */
/* { dg-do run } */
/* On the emulated device even under make check-gpu: children fork after the
   parent started the device, which a CUDA driver does not survive.  */
/* { dg-set-target-env-var DEEPMAP_DEVICES "emu" } */
/* { dg-require-effective-target offload_device_nonshared_as } */

#include <pthread.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include "dm-check.h"

#define BIG (4 << 20)
#define CHILDREN 20

static volatile int stop;
static char *big;

static void *
mapper (void *p)
{
  (void) p;
  while (!stop)
    {
#pragma omp target enter data map(to: big[0:BIG])
#pragma omp target exit data map(release: big[0:BIG])
    }
  return NULL;
}

static int
child (void)
{
  int x = 1, y = 10;
#pragma omp target map(tofrom: x)
  x++;
#pragma omp target map(tofrom: y) nowait
  y++;
#pragma omp taskwait
  return x == 2 && y == 11 ? 0 : 3;
}

int
main (void)
{
  dm_require_device ();
  big = calloc (BIG, 1);
  CHECK (big != NULL, "out of memory");
  CHECK (child () == 0, "offloading in the parent failed");
  pthread_t t;
  CHECK (pthread_create (&t, NULL, mapper, NULL) == 0, "pthread_create");
  for (int i = 0; i < CHILDREN; i++)
    {
      usleep (2000);
      fflush (NULL);
      pid_t pid = fork ();
      CHECK (pid >= 0, "fork failed");
      if (pid == 0)
	exit (child ());
      int st = 0, w;
      for (w = 0; w < 1000; w++)
	{
	  if (waitpid (pid, &st, WNOHANG) == pid)
	    break;
	  usleep (10000);
	}
      if (w == 1000)
	{
	  kill (pid, SIGKILL);
	  waitpid (pid, &st, 0);
	}
      CHECK (w < 1000, "child %d hung", i);
      CHECK (WIFEXITED (st) && WEXITSTATUS (st) == 0,
	     "child %d ended with %s %d", i,
	     WIFEXITED (st) ? "status" : "signal",
	     WIFEXITED (st) ? WEXITSTATUS (st) : WTERMSIG (st));
    }
  stop = 1;
  pthread_join (t, NULL);
  return 0;
}
