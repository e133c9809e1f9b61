/* cuda_clock.c -- timeline marks for DEEPMAP_TRACE: CUDA events with
   timing, so that queued copies and kernels appear when the GPU ran
   them.  The driver gives only the milliseconds between two events, so
   each mark is measured from an anchor: an event recorded on an idle
   stream of its own and waited for, whose host time is the middle of
   the record and the wait.  Anchors are renewed every second, as a
   float of milliseconds loses microseconds over longer spans; a mark
   holds a reference on its anchor.  */
#include <stdlib.h>
#include <time.h>

#include "device/cuda/cuda_internal.h"

struct dm_cuda_anchor
{
  CUevent event;
  uint64_t host_ns;
  unsigned refs;		/* marks, plus one while it is current */
};

struct dm_cuda_mark
{
  CUevent event;
  struct dm_cuda_anchor *anchor;
};

#define DM_CUDA_ANCHOR_NS 1000000000ull

static uint64_t
dm_cuda_clock_now (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_MONOTONIC, &ts);
  return (uint64_t) ts.tv_sec * 1000000000u + (uint64_t) ts.tv_nsec;
}

/* Drop a reference (C->lock held).  */
static void
dm_cuda_anchor_put (struct dm_cuda_anchor *a)
{
  if (a && --a->refs == 0)
    {
      dm_cu.cuEventDestroy (a->event);
      free (a);
    }
}

/* The current anchor, renewed when old (C->lock held, context bound).  */
static struct dm_cuda_anchor *
dm_cuda_anchor_get (struct dm_backend_dev *dev, struct dm_cuda *c)
{
  uint64_t now = dm_cuda_clock_now ();
  if (c->anchor && now - c->anchor->host_ns < DM_CUDA_ANCHOR_NS)
    return c->anchor;
  if (!c->anchor_stream
      && DM_CU (dev->id, cuStreamCreate, &c->anchor_stream,
		CU_STREAM_NON_BLOCKING))
    return NULL;
  struct dm_cuda_anchor *a = malloc (sizeof *a);
  if (!a)
    return NULL;
  if (DM_CU (dev->id, cuEventCreate, &a->event, CU_EVENT_DEFAULT))
    {
      free (a);
      return NULL;
    }
  uint64_t t0 = dm_cuda_clock_now ();
  if (DM_CU (dev->id, cuEventRecord, a->event, c->anchor_stream)
      || DM_CU (dev->id, cuEventSynchronize, a->event))
    {
      dm_cu.cuEventDestroy (a->event);
      free (a);
      return NULL;
    }
  a->host_ns = t0 + (dm_cuda_clock_now () - t0) / 2;
  a->refs = 1;
  dm_cuda_anchor_put (c->anchor);
  c->anchor = a;
  return a;
}

int
dm_cuda_mark_record (struct dm_backend_dev *dev, struct dm_queue *q,
		     void **out)
{
  struct dm_cuda *c = dm_cuda_state (dev);
  if (c == NULL || dm_cuda_bind (dev) != 0)
    return -1;
  struct dm_cuda_mark *m = malloc (sizeof *m);
  if (!m)
    return -1;
  pthread_mutex_lock (&c->lock);
  struct dm_cuda_anchor *a = dm_cuda_anchor_get (dev, c);
  int rc = -1;
  if (a && !DM_CU (dev->id, cuEventCreate, &m->event, CU_EVENT_DEFAULT))
    {
      if (!DM_CU (dev->id, cuEventRecord, m->event, q->stream))
	{
	  m->anchor = a;
	  a->refs++;
	  *out = m;
	  rc = 0;
	}
      else
	dm_cu.cuEventDestroy (m->event);
    }
  pthread_mutex_unlock (&c->lock);
  if (rc != 0)
    free (m);
  return rc;
}

int
dm_cuda_mark_time (struct dm_backend_dev *dev, void *mark, int wait,
		   uint64_t *ns)
{
  struct dm_cuda_mark *m = mark;
  struct dm_cuda *c = dm_cuda_state (dev);
  int rc = -1;
  if (c != NULL && dm_cuda_bind (dev) == 0)
    {
      CUresult r = wait ? dm_cu.cuEventSynchronize (m->event)
			: dm_cu.cuEventQuery (m->event);
      if (r == CUDA_ERROR_NOT_READY)
	return 1;
      float ms = 0;
      if (r == CUDA_SUCCESS
	  && dm_cu.cuEventElapsedTime (&ms, m->anchor->event, m->event)
	     == CUDA_SUCCESS)
	{
	  /* The anchor's host time is a midpoint: a mark just after it
	     may read a hair before it.  */
	  *ns = ms > 0 ? m->anchor->host_ns + (uint64_t) (ms * 1e6)
		       : m->anchor->host_ns;
	  rc = 0;
	}
      dm_cu.cuEventDestroy (m->event);
    }
  if (c != NULL)
    {
      pthread_mutex_lock (&c->lock);
      dm_cuda_anchor_put (m->anchor);
      pthread_mutex_unlock (&c->lock);
    }
  free (m);
  return rc;
}

void
dm_cuda_clock_fini (struct dm_backend_dev *dev)
{
  struct dm_cuda *c = dev->backend;
  dm_cuda_anchor_put (c->anchor);
  c->anchor = NULL;
  if (c->anchor_stream)
    dm_cu.cuStreamDestroy (c->anchor_stream);
  c->anchor_stream = NULL;
}
