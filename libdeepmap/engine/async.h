/* async.h -- asynchronous constructs: a nowait construct's copies and
   region go onto a queue of the device, and its task completes (the
   OpenMP detach event is fulfilled) when the queue has passed them.

   Each construct in flight owns one queue of the device's cache from its
   start until its completion has been reaped.  Its directory bookkeeping
   (reference counts, segments) happens at enqueue time, under the device
   lock, like that of any construct; what the queued work still needs is
   kept until then:
     - host bytes queued copies read (argument blocks, pointer values):
       dm_async_keep, released when the construct is reaped;
     - device memory: while any construct is in flight, freed device
       blocks are not given back to the pool but parked
       (dm_async_free_later) until no queued work can use them;
     - blocks moving (fusion): the construct that fuses first waits for
       every other queue's work issued so far (dm_async_fence);
     - host memory a queue still copies back into: a copy from there to
       the device waits for that queue (dm_async_before_host_read);
     - data another queue may still write: a block remembers the last
       two queues that queued copies into it or regions that use it
       (struct dm_block_async).  A region waits for the copies of other
       queues into its blocks before it starts; a copy back waits for
       both (dm_async_pending, dm_async_before_read).  Waiting is
       queue_sync, under the device lock or not: queued work never takes
       the device lock, so that is safe (the emulated device's regions
       with declare target variables, which would, run synchronously in
       the task body instead).

   Completion: the queue calls dm_async_done on some host thread (a
   stream callback: it must not call the driver, nor take the device
   lock, which threads hold while they enqueue); it moves the record to
   the device's completed list under a short mutex of its own and
   fulfills the event.  Records are reaped (queue back to the cache, kept
   bytes freed, parked device memory released) under the device lock by
   the next asynchronous construct, a fence, a block release that would
   otherwise park memory (dm_async_live), or a pool that runs short
   (dm_async_reclaim).

   Steps: every enqueue a construct makes under the device lock counts a
   step of its queue (AQ->issued); AQ->synced is how many of them are
   known to be complete.  A block remembers the queue and step of its last
   asynchronous write.  */
#ifndef DM_ASYNC_H
#define DM_ASYNC_H

#include <pthread.h>
#include <stddef.h>
#include <stdint.h>

#include "engine/devstate.h"
#include "engine/blockmarks.h"

/* A block written by more queues than it can remember.  */
#define DM_AQ_MANY ((struct dm_aq *) 1)

/* One queue of a device's cache; lives until the device shuts down.  */
struct dm_aq
{
  struct dm_queue *q;
  uint64_t issued;		/* steps enqueued on Q (device lock) */
  uint64_t synced;		/* steps known to be complete (device lock) */
  int busy;			/* owned by a construct in flight */
  struct dm_aq *next_idle;
  struct dm_aq *next_all;
};

/* Host bytes that queued copies read.  */
struct dm_async_kept
{
  struct dm_async_kept *next;
  max_align_t data[];
};

/* One asynchronous construct, from its start to its reaping.  */
struct dm_async
{
  struct dm_async *next;	/* completed list */
  struct dm_device *dev;
  struct dm_aq *aq;
  void *event;			/* the task's detach event */
  struct dm_async_kept *kept;
  struct dm_ompt_op *ompt;	/* OMPT: ends with the queue's work */
  struct dm_trace_queued *trace_span;	/* the construct's span on its
					   queue (DEEPMAP_TRACE) */
};

/* Per-device state, made by the first asynchronous construct.  */
struct dm_async_dev
{
  pthread_mutex_t done_lock;	/* guards DONE: completions only */
  struct dm_async *done;
  /* The rest under the device lock.  */
  struct dm_aq *idle, *all;
  size_t busy;			/* constructs in flight, not yet reaped */
  uint64_t idle_epoch;		/* times BUSY came back to 0: a block's
				   DM_AQ_MANY mark of an earlier epoch is
				   stale (every queue has finished since) */
  struct dm_async_parked
  {
    uintptr_t addr;
    size_t size;
    uint64_t serial;		/* order of parking (PARK_SERIAL) */
  } *parked;			/* device memory freed while BUSY */
  size_t nparked, capparked;
  uint64_t park_serial;		/* entries parked so far, ever */
  struct dm_async_hostw
  {
    uintptr_t s, e;
    struct dm_aq *aq;
    uint64_t step;
  } *hostw;			/* queued copies back into host memory */
  size_t nhostw, caphostw;
};

/* Start an asynchronous construct on DEV whose completion fulfills
   EVENT: take a queue.  Takes the device lock itself.  */
struct dm_async *dm_async_begin (struct dm_device *dev, void *event);

/* Everything of A is queued: queue its completion.  Takes the device
   lock itself; A belongs to the queue afterwards.  */
void dm_async_end (struct dm_async *a);

/* The queue of A (NULL for a synchronous construct).  */
static inline struct dm_queue *
dm_async_queue (const struct dm_async *a)
{
  return a ? a->aq->q : NULL;
}

/* A copy of SIZE bytes at SRC (SRC NULL: uninitialized) that lives until
   A is reaped.  Device lock held (or A not yet shared).  */
void *dm_async_keep (struct dm_async *a, const void *src, size_t size);

/* A enqueued a copy into a block (REGION: a region that may write it):
   one step, remembered in the block's MARKS (struct dm_block's async).
   Device lock held.  */
void dm_async_note_write (struct dm_async *a, struct dm_block_async *marks,
			  int region);

static inline void
dm_async_wrote (struct dm_async *a, struct dm_block_async *marks)
{
  dm_async_note_write (a, marks, 0);
}

/* A enqueued other work (a region, copies back): one step.  */
static inline void
dm_async_step (struct dm_async *a)
{
  ++a->aq->issued;
}

/* Reap completed constructs.  Device lock held.  */
void dm_async_reap (struct dm_device *dev);

/* Is any construct in flight on DEV (so freed device memory must be
   parked)?  Constructs that completed since the last reaping are reaped
   first: otherwise memory freed after the last nowait construct would
   stay parked.  Device lock held.  */
static inline int
dm_async_live (struct dm_device *dev)
{
  struct dm_async_dev *s = dev->async;
  if (!s || !s->busy)
    return 0;
  if (__atomic_load_n (&s->done, __ATOMIC_ACQUIRE) != NULL)
    dm_async_reap (dev);
  return s->busy != 0;
}

/* The pool is out of memory: reap, and give parked memory back if
   nothing is in flight any more.  Returns nonzero if that freed some.
   Device lock held.  */
int dm_async_reclaim (struct dm_device *dev);

/* Give device memory back once no queued work can use it.  Device lock
   held.  */
void dm_async_free_later (struct dm_device *dev, uintptr_t addr, size_t size);

/* Is there work on queues other than OWN's that the fence would wait
   for?  Device lock held.  */
int dm_async_unfenced (struct dm_device *dev, const struct dm_async *own);

/* Wait for the work issued so far on every queue but OWN's.  Called with
   the device lock held; releases it meanwhile (the queued work may need
   it), so callers look again afterwards.  */
void dm_async_fence (struct dm_device *dev, const struct dm_async *own);

/* Queues whose pending work a region of OWN (NULL: a synchronous one)
   waits for before it starts, because it uses their writes.  */
struct dm_async_waits
{
  struct dm_aq *aq[8];
  unsigned n;
  int all;			/* too many: wait for every queue */
};

/* Note in W what OWN must wait for before reading a block with MARKS:
   copies into it (and, with REGIONS, regions that may write it) that
   other queues have not finished.  Device lock held.  */
static inline void
dm_async_pending (const struct dm_device *dev,
		  const struct dm_block_async *marks,
		  const struct dm_async *own, int regions,
		  struct dm_async_waits *w)
{
  if (__builtin_expect (marks[0].aq == NULL && marks[1].aq == NULL, 1))
    return;
  for (int i = 0; i < 2; i++)
    {
      struct dm_aq *aq = marks[i].aq;
      if (__builtin_expect (aq == NULL, 1)
	  || (own && aq == own->aq)
	  || (marks[i].region && !regions))
	continue;
      if (aq == DM_AQ_MANY)
	w->all |= marks[i].step == dev->async->idle_epoch;
      else if (marks[i].step > aq->synced)
	{
	  unsigned k = 0;
	  while (k < w->n && w->aq[k] != aq)
	    k++;
	  if (k == w->n && k < sizeof w->aq / sizeof w->aq[0])
	    w->aq[w->n++] = aq;
	  else if (k == w->n)
	    w->all = 1;
	}
    }
}

/* A queued a copy back into host [S, E) (its last step).  Device lock
   held.  */
void dm_async_note_host_write (struct dm_async *a, uintptr_t s, uintptr_t e);

void dm_async_wait_host (struct dm_device *dev, uintptr_t s, uintptr_t e,
			 const struct dm_async *own);

/* Before a copy from host [S, E) to the device: wait for the queues other
   than OWN's that still copy back into it (a construct that maps what
   another one has just unmapped reads the host copy that one writes).
   Device lock held.  */
static inline void
dm_async_before_host_read (struct dm_device *dev, uintptr_t s, uintptr_t e,
			   const struct dm_async *own)
{
  if (__builtin_expect (dev->async != NULL && dev->async->nhostw != 0, 0))
    dm_async_wait_host (dev, s, e, own);
}

/* Wait for them, with the device lock held.  */
void dm_async_waits_run (struct dm_device *dev, struct dm_async_waits *w,
			 const struct dm_async *own);
/* The same without the lock (taken for a while if W names every
   queue).  */
void dm_async_waits_run_unlocked (struct dm_device *dev,
				  struct dm_async_waits *w,
				  const struct dm_async *own);

/* Before a copy back from a block with MARKS: wait for the queues that
   may still write it.  Device lock held.  */
static inline void
dm_async_before_read (struct dm_device *dev,
		      const struct dm_block_async *marks,
		      const struct dm_async *own)
{
  struct dm_async_waits w = { .n = 0, .all = 0 };
  dm_async_pending (dev, marks, own, 1, &w);
  if (w.n || w.all)
    dm_async_waits_run (dev, &w, own);
}


/* In a forked child: the parent's queues and their threads are gone and
   nothing the parent queued will run here.  Forget them (their marks on
   blocks read as passed) so that nowait constructs start afresh.
   Device lock held.  */
void dm_async_after_fork (struct dm_device *dev);

/* Run a target region of A on its queue (the emulated device with
   declare target variables runs it here, once the queue has caught up,
   with the variables swapped in: images.c).  Returns -1 with a
   reason.  */
int dm_async_run (struct dm_async *a, const struct dm_launch *launch);

#endif
