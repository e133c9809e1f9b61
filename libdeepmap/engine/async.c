/* async.c -- asynchronous constructs on device queues (see async.h).  */
#include <stdlib.h>
#include <string.h>

#include "engine/async.h"
#include "engine/devstate.h"
#include "support/error.h"
#include "engine/images.h"
#include "engine/transfer.h"
#include "support/ompabi.h"
#include "support/ompt.h"

/* The system libgomp's, through the forwarding layer; safe on threads
   that are not OpenMP threads (GCC 12 handles such "unshackled" callers).
   The handle is the task pointer GOMP_task stored.  */

static struct dm_async_dev *
dm_async_state (struct dm_device *dev)
{
  struct dm_async_dev *s = dev->async;
  if (s)
    return s;
  s = calloc (1, sizeof *s);
  if (!s)
    dm_fatal_unlock (&dev->lock,
		     "nowait construct on device %d: out of host memory",
		     dev->id);
  pthread_mutex_init (&s->done_lock, NULL);
  dev->async = s;
  /* What this device's queues park, the pool gets back through this.  */
  dev->pool.reclaim = dm_async_reclaim;
  return s;
}

/* The queue's completion callback: no driver calls, no device lock.  */
static void
dm_async_done (void *arg, const char *failure)
{
  struct dm_async *a = arg;
  /* The device has failed for good (a kernel fault): say so and stop,
     rather than let the construct's dependents run on lost results.  */
  if (failure != NULL)
    dm_fatal_now ("nowait construct on device %d (%s): %s", a->dev->id,
		  a->dev->ops->name, failure);
  struct dm_async_dev *s = a->dev->async;
  uintptr_t event = (uintptr_t) a->event;
  if (a->ompt)
    dm_ompt_target_end (a->ompt);
  pthread_mutex_lock (&s->done_lock);
  a->next = s->done;
  s->done = a;
  pthread_mutex_unlock (&s->done_lock);
  /* A may be reaped from here on.  */
  omp_fulfill_event (event);
}

static void
dm_async_release_parked (struct dm_device *dev, size_t n)
{
  struct dm_async_dev *s = dev->async;
  if (n == 0)
    return;
  for (size_t i = 0; i < n; i++)
    dm_pool_free (dev, s->parked[i].addr, s->parked[i].size);
  if (s->nparked > n)
    memmove (s->parked, s->parked + n,
	     (s->nparked - n) * sizeof *s->parked);
  s->nparked -= n;
}

void
dm_async_reap (struct dm_device *dev)
{
  struct dm_async_dev *s = dev->async;
  if (!s)
    return;
  pthread_mutex_lock (&s->done_lock);
  struct dm_async *list = s->done;
  s->done = NULL;
  pthread_mutex_unlock (&s->done_lock);
  while (list)
    {
      struct dm_async *a = list;
      list = a->next;
      /* The queue passed everything A issued: it is idle.  */
      a->aq->synced = a->aq->issued;
      a->aq->busy = 0;
      a->aq->next_idle = s->idle;
      s->idle = a->aq;
      s->busy--;
      for (struct dm_async_kept *k = a->kept, *next; k; k = next)
	{
	  next = k->next;
	  free (k);
	}
      free (a);
    }
  if (s->busy == 0)
    {
      s->idle_epoch++;
      dm_async_release_parked (dev, s->nparked);
    }
  /* Copies back that are done.  */
  size_t k = 0;
  for (size_t i = 0; i < s->nhostw; i++)
    if (s->hostw[i].step > s->hostw[i].aq->synced)
      s->hostw[k++] = s->hostw[i];
  s->nhostw = k;
}

int
dm_async_reclaim (struct dm_device *dev)
{
  struct dm_async_dev *s = dev->async;
  if (!s || !s->nparked)
    return 0;
  size_t before = s->nparked;
  dm_async_reap (dev);
  return s->nparked < before;
}

struct dm_async *
dm_async_begin (struct dm_device *dev, void *event)
{
  struct dm_async *a = calloc (1, sizeof *a);
  if (!a)
    dm_fatal ("nowait construct on device %d: out of host memory", dev->id);
  a->dev = dev;
  a->event = event;
  dm_device_lock (dev);
  struct dm_async_dev *s = dm_async_state (dev);
  dm_async_reap (dev);
  struct dm_aq *aq = s->idle;
  if (aq)
    s->idle = aq->next_idle;
  else
    {
      /* Queues are kept until the device shuts down: as many as
	 constructs were ever in flight at once.  */
      aq = calloc (1, sizeof *aq);
      if (!aq || !(aq->q = dev->ops->queue_create (&dev->core)))
	dm_fatal_unlock (&dev->lock,
			 "nowait construct on device %d (%s): cannot create a "
			 "queue: %s", dev->id, dev->ops->name,
			 aq ? dm_reason () : "out of host memory");
      aq->next_all = s->all;
      s->all = aq;
    }
  aq->busy = 1;
  s->busy++;
  a->aq = aq;
  pthread_mutex_unlock (&dev->lock);
  return a;
}

void
dm_async_end (struct dm_async *a)
{
  struct dm_device *dev = a->dev;
  dm_device_lock (dev);
  dm_async_step (a);
  if (a->trace_span)
    dm_trace_queue_marks (dev, a->aq->q, a->trace_span, 0);
  a->trace_span = NULL;
  if (dev->ops->queue_callback (&dev->core, a->aq->q, dm_async_done, a) != 0)
    dm_fatal_unlock (&dev->lock,
		     "nowait construct on device %d (%s): cannot queue its "
		     "completion: %s", dev->id, dev->ops->name, dm_reason ());
  pthread_mutex_unlock (&dev->lock);
}

void *
dm_async_keep (struct dm_async *a, const void *src, size_t size)
{
  struct dm_async_kept *k = malloc (sizeof *k + (size ? size : 1));
  /* Callers hold the device lock or not: end without exit handlers,
     which could want it.  */
  if (!k)
    dm_fatal_now ("nowait construct on device %d: out of host memory for "
		  "%zu bytes of queued copies", a->dev->id, size);
  if (src)
    memcpy (k->data, src, size);
  k->next = a->kept;
  a->kept = k;
  return k->data;
}

void
dm_async_free_later (struct dm_device *dev, uintptr_t addr, size_t size)
{
  struct dm_async_dev *s = dev->async;
  if (s->nparked == s->capparked)
    {
      size_t cap = s->capparked ? 2 * s->capparked : 64;
      void *p = realloc (s->parked, cap * sizeof *s->parked);
      if (!p)
	dm_fatal_unlock (&dev->lock,
			 "device %d: out of host memory parking freed device "
			 "memory", dev->id);
      s->parked = p;
      s->capparked = cap;
    }
  s->parked[s->nparked++]
    = (struct dm_async_parked) { addr, size, s->park_serial++ };
}

/* Has AQ, another queue than OWN's, work it may not have finished?  */
static inline int
dm_aq_unsynced (const struct dm_aq *aq, const struct dm_async *own)
{
  return aq->busy && aq->issued > aq->synced && (!own || aq != own->aq);
}

int
dm_async_unfenced (struct dm_device *dev, const struct dm_async *own)
{
  struct dm_async_dev *s = dev->async;
  if (!s || !s->busy)
    return 0;
  for (struct dm_aq *aq = s->all; aq; aq = aq->next_all)
    if (dm_aq_unsynced (aq, own))
      return 1;
  return 0;
}

void
dm_async_fence (struct dm_device *dev, const struct dm_async *own)
{
  struct dm_async_dev *s = dev->async;
  size_t n = 0;
  for (struct dm_aq *aq = s->all; aq; aq = aq->next_all)
    n++;
  struct dm_fence_item
  {
    struct dm_aq *aq;
    uint64_t issued;
  } *items = malloc ((n ? n : 1) * sizeof *items);
  if (!items)
    dm_fatal_unlock (&dev->lock,
		     "device %d: out of host memory waiting for queues",
		     dev->id);
  size_t m = 0;
  for (struct dm_aq *aq = s->all; aq; aq = aq->next_all)
    if (dm_aq_unsynced (aq, own))
      items[m++] = (struct dm_fence_item) { aq, aq->issued };
  /* Device memory parked so far is free once these queues are passed,
     unless OWN's queue may still use it.  Remembered by serial, not by
     position: while the lock is released a reap may release the array
     and others park new entries, which queues not synced here use.  */
  uint64_t parked_before = own ? 0 : s->park_serial;
  pthread_mutex_unlock (&dev->lock);
  for (size_t i = 0; i < m; i++)
    {
      uint64_t t0 = DM_OMPT_ON () ? dm_ompt_clock () : 0;
      if (dev->ops->queue_sync (&dev->core, items[i].aq->q) != 0)
	dm_fatal ("device %d (%s): queued work failed: %s", dev->id,
		  dev->ops->name, dm_reason ());
      if (t0)
	dm_ompt_wait (t0, dev->id, items[i].aq->q);
    }
  dm_device_lock (dev);
  for (size_t i = 0; i < m; i++)
    if (items[i].aq->synced < items[i].issued)
      items[i].aq->synced = items[i].issued;
  free (items);
  dm_async_reap (dev);
  size_t parked = 0;
  while (parked < s->nparked && s->parked[parked].serial < parked_before)
    parked++;
  dm_async_release_parked (dev, parked);
}

void
dm_async_note_write (struct dm_async *a, struct dm_block_async *marks,
		     int region)
{
  struct dm_aq *aq = a->aq;
  uint64_t step = ++aq->issued, epoch = a->dev->async->idle_epoch;
  int slot = -1;
  for (int i = 0; i < 2; i++)
    {
      struct dm_block_async *m = &marks[i];
      if (m->aq == aq || (m->aq == DM_AQ_MANY && m->step == epoch))
	{
	  if (m->aq == aq)
	    m->step = step;
	  m->region &= region;
	  return;
	}
      /* Free: never used, passed, or "many" of an epoch that ended.  */
      if (slot < 0
	  && (m->aq == NULL || m->aq == DM_AQ_MANY
	      || m->step <= m->aq->synced))
	slot = i;
    }
  if (slot >= 0)
    marks[slot] = (struct dm_block_async) { aq, step, region };
  else
    {
      /* Too many queues to remember: all of them, until they have all
	 been idle once.  A mark that only regions left does not hold up
	 other regions, as with the queues named.  */
      int regions = marks[0].region & marks[1].region & region;
      marks[0] = (struct dm_block_async) { DM_AQ_MANY, epoch, regions };
      marks[1] = (struct dm_block_async) { NULL, 0, 0 };
    }
}

/* Wait for queue AQ; nonzero if its work failed.  */
static int
dm_async_queue_wait (struct dm_device *dev, struct dm_aq *aq)
{
  uint64_t t0 = DM_OMPT_ON () ? dm_ompt_clock () : 0;
  int r = dev->ops->queue_sync (&dev->core, aq->q);
  if (t0)
    dm_ompt_wait (t0, dev->id, aq->q);
  return r;
}

/* Wait for AQ with the device lock held: every step counted so far is
   on the queue, so all of them are done.  */
static void
dm_async_sync_locked (struct dm_device *dev, struct dm_aq *aq)
{
  if (dm_async_queue_wait (dev, aq) == 0)
    {
      aq->synced = aq->issued;
      return;
    }
  dm_fatal_unlock (&dev->lock, "device %d (%s): queued work failed: %s",
		   dev->id, dev->ops->name, dm_reason ());
}

/* Wait for AQ without the lock (its step counters are not ours to
   touch).  */
static void
dm_async_sync_unlocked (struct dm_device *dev, struct dm_aq *aq)
{
  if (dm_async_queue_wait (dev, aq) != 0)
    dm_fatal ("device %d (%s): queued work failed: %s", dev->id,
	      dev->ops->name, dm_reason ());
}

void
dm_async_note_host_write (struct dm_async *a, uintptr_t s, uintptr_t e)
{
  struct dm_async_dev *d = a->dev->async;
  if (d->nhostw == d->caphostw)
    {
      size_t cap = d->caphostw ? 2 * d->caphostw : 16;
      void *p = realloc (d->hostw, cap * sizeof *d->hostw);
      if (!p)
	dm_fatal_unlock (&a->dev->lock,
			 "device %d: out of host memory noting queued copies",
			 a->dev->id);
      d->hostw = p;
      d->caphostw = cap;
    }
  d->hostw[d->nhostw++] = (struct dm_async_hostw) { s, e, a->aq,
						    a->aq->issued };
}

void
dm_async_wait_host (struct dm_device *dev, uintptr_t s, uintptr_t e,
		    const struct dm_async *own)
{
  struct dm_async_dev *d = dev->async;
  for (size_t i = 0; i < d->nhostw; i++)
    {
      struct dm_async_hostw *w = &d->hostw[i];
      if (w->s < e && s < w->e && (!own || w->aq != own->aq)
	  && w->step > w->aq->synced)
	dm_async_sync_locked (dev, w->aq);
    }
}

/* Every queue but OWN's that has work.  Device lock held.  */
static void
dm_async_sync_others (struct dm_device *dev, const struct dm_async *own)
{
  for (struct dm_aq *aq = dev->async->all; aq; aq = aq->next_all)
    if (dm_aq_unsynced (aq, own))
      dm_async_sync_locked (dev, aq);
}

void
dm_async_waits_run (struct dm_device *dev, struct dm_async_waits *w,
		    const struct dm_async *own)
{
  if (w->all)
    dm_async_sync_others (dev, own);
  else
    for (unsigned i = 0; i < w->n; i++)
      dm_async_sync_locked (dev, w->aq[i]);
}

void
dm_async_waits_run_unlocked (struct dm_device *dev,
			     struct dm_async_waits *w,
			     const struct dm_async *own)
{
  if (!w->all)
    {
      for (unsigned i = 0; i < w->n; i++)
	dm_async_sync_unlocked (dev, w->aq[i]);
      return;
    }
  dm_device_lock (dev);
  dm_async_sync_others (dev, own);
  pthread_mutex_unlock (&dev->lock);
}

int
dm_async_run (struct dm_async *a, const struct dm_launch *launch)
{
  struct dm_trace_queued *tq
    = DM_OMPT_ON () ? dm_ompt_queued (DM_TR_KERNEL, a->aq->q, a->dev->id,
				      0, 0, 0) : NULL;
  if (tq)
    dm_trace_queue_marks (a->dev, a->aq->q, tq, 1);
  int r = dm_run_with_globals (a->dev, launch, a->aq->q);
  if (tq)
    dm_trace_queue_marks (a->dev, a->aq->q, tq, 0);
  return r;
}

void
dm_async_after_fork (struct dm_device *dev)
{
  struct dm_async_dev *s = dev->async;
  if (!s)
    return;
  /* Their records stay allocated: a few per queue the parent had.  */
  for (struct dm_aq *aq = s->all; aq; aq = aq->next_all)
    aq->synced = aq->issued;
  s->all = s->idle = NULL;
  s->done = NULL;
  s->busy = 0;
  s->idle_epoch++;
  s->nhostw = 0;
  pthread_mutex_init (&s->done_lock, NULL);
  dm_async_release_parked (dev, s->nparked);
}
