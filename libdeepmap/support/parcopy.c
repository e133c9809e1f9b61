/* parcopy.c -- memcpy and other work on several threads (parcopy.h).

   One job at a time (CALL_LOCK): the caller publishes its parts under
   LOCK (GEN changes) and takes parts itself; helpers that see the new
   GEN join in.  A part is claimed by an atomic counter, so a
   helper that wakes late finds nothing left.  The job is rewritten only
   when no helper is inside it (ACTIVE == 0), and the caller returns once
   every part is copied (LEFT == 0).  */
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "support/config.h"
#include "support/error.h"
#include "support/helperthread.h"
#include "support/parcopy.h"

#define DM_PARCOPY_MAX_THREADS 16

static pthread_once_t dm_pc_once = PTHREAD_ONCE_INIT;
static int dm_pc_threads;		/* per copy, the caller included */
static pthread_mutex_t dm_pc_call_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t dm_pc_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t dm_pc_go = PTHREAD_COND_INITIALIZER;
static pthread_cond_t dm_pc_done = PTHREAD_COND_INITIALIZER;
static int dm_pc_helpers;		/* running (LOCK) */
static int dm_pc_active;		/* helpers inside the job (LOCK) */
static unsigned long dm_pc_gen;		/* jobs published (LOCK) */

static struct
{
  void (*fn) (void *ctx, size_t part);
  void *ctx;
  unsigned nparts;
  unsigned next;			/* next part to claim (atomic) */
  unsigned left;			/* parts not yet done (atomic) */
} dm_pc_job;

static void
dm_pc_forget (void)
{
  /* A forked child has none of the helpers: start afresh.  */
  dm_pc_helpers = 0;
  dm_pc_active = 0;
  pthread_mutex_init (&dm_pc_call_lock, NULL);
  pthread_mutex_init (&dm_pc_lock, NULL);
  pthread_cond_init (&dm_pc_go, NULL);
  pthread_cond_init (&dm_pc_done, NULL);
}

static void
dm_pc_init (void)
{
  long ncpu = sysconf (_SC_NPROCESSORS_ONLN);
  int n = ncpu >= 8 ? (int) (ncpu / 4) : 1;
  if (n > 4)
    n = 4;
  dm_pc_threads = dm_config_env_int ("DEEPMAP_COPY_THREADS", n, 1,
				     DM_PARCOPY_MAX_THREADS, "threads");
  pthread_atfork (NULL, NULL, dm_pc_forget);
}

/* Copy parts until none is left to claim.  */
static void
dm_pc_run_parts (void)
{
  for (;;)
    {
      unsigned i = __atomic_fetch_add (&dm_pc_job.next, 1, __ATOMIC_RELAXED);
      if (i >= dm_pc_job.nparts)
	return;
      dm_pc_job.fn (dm_pc_job.ctx, i);
      if (__atomic_sub_fetch (&dm_pc_job.left, 1, __ATOMIC_ACQ_REL) == 0)
	{
	  pthread_mutex_lock (&dm_pc_lock);
	  pthread_cond_broadcast (&dm_pc_done);
	  pthread_mutex_unlock (&dm_pc_lock);
	}
    }
}

static void *
dm_pc_helper (void *unused)
{
  pthread_mutex_lock (&dm_pc_lock);
  unsigned long seen = dm_pc_gen;
  for (;;)
    {
      while (dm_pc_gen == seen)
	pthread_cond_wait (&dm_pc_go, &dm_pc_lock);
      seen = dm_pc_gen;
      dm_pc_active++;
      pthread_mutex_unlock (&dm_pc_lock);
      dm_pc_run_parts ();
      pthread_mutex_lock (&dm_pc_lock);
      if (--dm_pc_active == 0)
	pthread_cond_broadcast (&dm_pc_done);
    }
  return NULL;
}

/* Start the helpers not yet running (LOCK held); fewer if the system
   will not give threads.  */
static void
dm_pc_start (int want)
{
  while (dm_pc_helpers < want
	 && dm_helper_thread_start (dm_pc_helper, NULL, "deepmap-copy") == 0)
    dm_pc_helpers++;
}

int
dm_parallel_parts (size_t nparts, void (*fn) (void *ctx, size_t part),
		   void *ctx)
{
  pthread_once (&dm_pc_once, dm_pc_init);
  if (nparts < 2 || dm_pc_threads < 2 || nparts > UINT32_MAX)
    return -1;
  pthread_mutex_lock (&dm_pc_call_lock);
  pthread_mutex_lock (&dm_pc_lock);
  if (dm_pc_helpers < dm_pc_threads - 1)
    dm_pc_start (dm_pc_threads - 1);
  if (dm_pc_helpers == 0)
    {
      pthread_mutex_unlock (&dm_pc_lock);
      pthread_mutex_unlock (&dm_pc_call_lock);
      return -1;
    }
  while (dm_pc_active != 0)
    pthread_cond_wait (&dm_pc_done, &dm_pc_lock);
  dm_pc_job.fn = fn;
  dm_pc_job.ctx = ctx;
  dm_pc_job.nparts = (unsigned) nparts;
  __atomic_store_n (&dm_pc_job.next, 0, __ATOMIC_RELAXED);
  __atomic_store_n (&dm_pc_job.left, dm_pc_job.nparts, __ATOMIC_RELAXED);
  dm_pc_gen++;
  pthread_cond_broadcast (&dm_pc_go);
  pthread_mutex_unlock (&dm_pc_lock);
  dm_pc_run_parts ();
  pthread_mutex_lock (&dm_pc_lock);
  while (__atomic_load_n (&dm_pc_job.left, __ATOMIC_ACQUIRE) != 0)
    pthread_cond_wait (&dm_pc_done, &dm_pc_lock);
  pthread_mutex_unlock (&dm_pc_lock);
  pthread_mutex_unlock (&dm_pc_call_lock);
  return 0;
}

/* A memcpy cut into parts of PART bytes.  */
struct dm_pc_copy
{
  char *dst;
  const char *src;
  size_t len, part;
};

static void
dm_pc_copy_part (void *ctx, size_t i)
{
  struct dm_pc_copy *c = ctx;
  size_t off = i * c->part;
  size_t n = c->len - off < c->part ? c->len - off : c->part;
  memcpy (c->dst + off, c->src + off, n);
}

void
dm_parcopy (void *dst, const void *src, size_t len)
{
  pthread_once (&dm_pc_once, dm_pc_init);
  size_t nparts = len / DM_PARCOPY_MIN_PART;
  if (nparts > (size_t) dm_pc_threads)
    nparts = (size_t) dm_pc_threads;
  /* Parts of whole cache lines.  */
  size_t part = nparts ? ((len + nparts - 1) / nparts + 63) & ~(size_t) 63
		       : len;
  struct dm_pc_copy c = { dst, src, len, part };
  if (nparts < 2
      || dm_parallel_parts ((len + part - 1) / part, dm_pc_copy_part, &c) != 0)
    memcpy (dst, src, len);
}
