/* hostexec.c -- region code on a fresh thread (see hostexec.h).  */
#include <errno.h>
#include <pthread.h>
#include <string.h>

#include "error.h"
#include "hostexec.h"

struct dm_hostexec
{
  void (*fn) (void *);
  void *arg;
};

static void *
dm_hostexec_start (void *p)
{
  struct dm_hostexec *h = p;
  h->fn (h->arg);
  return NULL;
}

int
dm_run_as_initial_thread (void (*fn) (void *), void *arg)
{
  struct dm_hostexec h = { fn, arg };
  pthread_t t;
  pthread_attr_t attr;
  pthread_attr_init (&attr);
  /* Region code may keep big arrays on its stack, as on the main
     thread.  */
  pthread_attr_setstacksize (&attr, (size_t) 64 << 20);
  int r = pthread_create (&t, &attr, dm_hostexec_start, &h);
  pthread_attr_destroy (&attr);
  if (r != 0)
    {
      dm_set_reason ("cannot start a thread for the region: %s",
		     strerror (r));
      return -1;
    }
  pthread_join (t, NULL);
  return 0;
}
