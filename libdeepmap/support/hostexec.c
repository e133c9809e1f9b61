/* hostexec.c -- region code on persistent region threads (see
   hostexec.h).  */
#include <errno.h>
#include <omp.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "support/error.h"
#include "support/hostexec.h"
#include "support/ompabi.h"


/* One region thread.  The caller hands it a job under LOCK and waits on
   DONE; the thread waits on GO.  */
struct dm_worker
{
  pthread_mutex_t lock;
  pthread_cond_t go, done;
  void (*fn) (void *);
  void *arg;
  int thread_limit;
  int busy;			/* a job is handed over and not done */
  struct dm_worker *next;	/* idle list */
  struct dm_worker *all_next;	/* every region thread ever started */
};

/* The ICVs a region may change through omp_set_*, as a fresh thread sees
   them (the environment's values): restored before every region.  */
struct dm_initial_icvs
{
  int nthreads, dynamic, max_active_levels, chunk;
  omp_sched_t schedule;
};

static pthread_mutex_t dm_workers_lock = PTHREAD_MUTEX_INITIALIZER;
static struct dm_worker *dm_idle_workers;
static struct dm_worker *dm_all_workers;
static pthread_once_t dm_workers_once = PTHREAD_ONCE_INIT;

static void
dm_workers_forget (void)
{
  /* In a forked child the region threads do not exist: start afresh.
     Their records stay on the list of all (a few hundred bytes each).  */
  dm_idle_workers = NULL;
  pthread_mutex_init (&dm_workers_lock, NULL);
}

static void
dm_workers_init (void)
{
  pthread_atfork (NULL, NULL, dm_workers_forget);
}

static void
dm_restore_icvs (const struct dm_initial_icvs *icv)
{
  if (omp_get_max_threads () != icv->nthreads)
    omp_set_num_threads (icv->nthreads);
  if (omp_get_dynamic () != icv->dynamic)
    omp_set_dynamic (icv->dynamic);
  if (omp_get_max_active_levels () != icv->max_active_levels)
    omp_set_max_active_levels (icv->max_active_levels);
  omp_sched_t kind;
  int chunk;
  omp_get_schedule (&kind, &chunk);
  if (kind != icv->schedule || chunk != icv->chunk)
    omp_set_schedule (icv->schedule, icv->chunk);
}

static void *
dm_worker_main (void *p)
{
  struct dm_worker *w = p;
  struct dm_initial_icvs icv;
  icv.nthreads = omp_get_max_threads ();
  icv.dynamic = omp_get_dynamic ();
  icv.max_active_levels = omp_get_max_active_levels ();
  omp_get_schedule (&icv.schedule, &icv.chunk);
  pthread_mutex_lock (&w->lock);
  for (;;)
    {
      while (!w->busy)
	pthread_cond_wait (&w->go, &w->lock);
      pthread_mutex_unlock (&w->lock);
      dm_restore_icvs (&icv);
      if (w->thread_limit > 0)
	GOMP_teams_reg (w->fn, w->arg, 1, (unsigned) w->thread_limit, 0);
      else
	w->fn (w->arg);
      pthread_mutex_lock (&w->lock);
      w->busy = 0;
      pthread_cond_signal (&w->done);
    }
  return NULL;
}

/* An idle region thread, or a new one; NULL with a reason.  */
static struct dm_worker *
dm_worker_get (void)
{
  pthread_once (&dm_workers_once, dm_workers_init);
  pthread_mutex_lock (&dm_workers_lock);
  struct dm_worker *w = dm_idle_workers;
  if (w)
    dm_idle_workers = w->next;
  pthread_mutex_unlock (&dm_workers_lock);
  if (w)
    return w;
  if (!(w = calloc (1, sizeof *w)))
    {
      dm_set_reason ("out of host memory for a region thread");
      return NULL;
    }
  pthread_mutex_init (&w->lock, NULL);
  pthread_cond_init (&w->go, NULL);
  pthread_cond_init (&w->done, NULL);
  pthread_t t;
  pthread_attr_t attr;
  pthread_attr_init (&attr);
  /* Region code may keep big arrays on its stack, as on the main
     thread.  */
  pthread_attr_setstacksize (&attr, (size_t) 64 << 20);
  pthread_attr_setdetachstate (&attr, PTHREAD_CREATE_DETACHED);
  int r = pthread_create (&t, &attr, dm_worker_main, w);
  pthread_attr_destroy (&attr);
  if (r != 0)
    {
      dm_set_reason ("cannot start a thread for the region: %s",
		     strerror (r));
      free (w);
      return NULL;
    }
  pthread_mutex_lock (&dm_workers_lock);
  w->all_next = dm_all_workers;
  dm_all_workers = w;
  pthread_mutex_unlock (&dm_workers_lock);
  return w;
}

int
dm_run_as_initial_thread (void (*fn) (void *), void *arg, int thread_limit)
{
  struct dm_worker *w = dm_worker_get ();
  if (!w)
    return -1;
  pthread_mutex_lock (&w->lock);
  w->fn = fn;
  w->arg = arg;
  w->thread_limit = thread_limit;
  w->busy = 1;
  pthread_cond_signal (&w->go);
  while (w->busy)
    pthread_cond_wait (&w->done, &w->lock);
  pthread_mutex_unlock (&w->lock);
  pthread_mutex_lock (&dm_workers_lock);
  w->next = dm_idle_workers;
  dm_idle_workers = w;
  pthread_mutex_unlock (&dm_workers_lock);
  return 0;
}
