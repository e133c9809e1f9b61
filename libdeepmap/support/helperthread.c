/* helperthread.c -- see helperthread.h.  */
#define _GNU_SOURCE 1
#include <pthread.h>
#include <signal.h>

#include "support/helperthread.h"

/* Enough for a memcpy or a hash loop; no user code runs there.  */
#define DM_HELPER_STACK ((size_t) 64 << 10)

int
dm_helper_thread_start (void *(*fn) (void *), void *arg, const char *name)
{
  sigset_t all, old;
  sigfillset (&all);
  /* Not the signals a fault raises: blocked, they kill the process
     instead of reaching a handler (support/pagewatch.c's, the
     program's).  */
  sigdelset (&all, SIGSEGV);
  sigdelset (&all, SIGBUS);
  sigdelset (&all, SIGFPE);
  sigdelset (&all, SIGILL);
  pthread_sigmask (SIG_SETMASK, &all, &old);
  pthread_t t;
  pthread_attr_t attr;
  pthread_attr_init (&attr);
  pthread_attr_setdetachstate (&attr, PTHREAD_CREATE_DETACHED);
  pthread_attr_setstacksize (&attr, DM_HELPER_STACK);
  int r = pthread_create (&t, &attr, fn, arg);
  pthread_attr_destroy (&attr);
  pthread_sigmask (SIG_SETMASK, &old, NULL);
  if (r == 0)
    pthread_setname_np (t, name);
  return r;
}
