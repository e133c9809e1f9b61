/* cuda_queue.c -- the CUDA backend's context binding and its queues:
   streams, their completion callbacks and teardown.  The backend's other
   files (cuda_device.c: devices, memory, images, launches;
   cuda_transfer.c: copies) build on these and nothing here calls them.  */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "device/cuda/cuda_internal.h"
#include "support/error.h"

int
dm_cuda_bind (struct dm_backend_dev *dev)
{
  struct dm_cuda *c = dm_cuda_state (dev);
  if (c == NULL)
    return -1;
  CUcontext cur = NULL;
  if (dm_cu.cuCtxGetCurrent (&cur) == CUDA_SUCCESS && cur == c->ctx)
    return 0;
  return DM_CU (dev->id, cuCtxSetCurrent, c->ctx) ? -1 : 0;
}

struct dm_queue *
dm_cuda_queue_create (struct dm_backend_dev *dev)
{
  if (dm_cuda_bind (dev) != 0)
    return NULL;
  struct dm_cuda *c = dev->backend;
  struct dm_queue *q = calloc (1, sizeof *q);
  if (q == NULL)
    {
      dm_set_reason ("cuda device %d: out of host memory for a queue",
		     dev->id);
      return NULL;
    }
  q->dev = dev;
  /* Non-blocking: a queue never waits for another thread's work.  */
  if (DM_CU (dev->id, cuStreamCreate, &q->stream, CU_STREAM_NON_BLOCKING))
    {
      free (q);
      return NULL;
    }
  pthread_mutex_lock (&c->lock);
  q->next = c->queues;
  if (c->queues != NULL)
    c->queues->prev = q;
  c->queues = q;
  pthread_mutex_unlock (&c->lock);
  return q;
}

int
dm_cuda_queue_sync (struct dm_backend_dev *dev, struct dm_queue *q)
{
  if (dm_cuda_bind (dev) != 0)
    return -1;
  return DM_CU (dev->id, cuStreamSynchronize, q->stream) ? -1 : 0;
}

/* Keep lane L for a later queue once its callbacks are done, or free
   it.  */
static int
dm_cuda_lane_retire (struct dm_backend_dev *dev, struct dm_cuda *c,
		     struct dm_cuda_lane *l)
{
  if (l->buf == NULL)
    return 0;
  if (DM_CU (dev->id, cuStreamSynchronize, l->stream))
    return dm_cuda_lane_free (dev, l), -1;
  pthread_mutex_lock (&c->lock);
  int kept = c->nspare < DM_CUDA_SPARE_LANES;
  if (kept)
    {
      /* Its marks are all passed: a new queue may wait for them.  */
      c->spare[c->nspare++] = *l;
      memset (l, 0, sizeof *l);
    }
  pthread_mutex_unlock (&c->lock);
  return kept ? 0 : dm_cuda_lane_free (dev, l);
}

int
dm_cuda_lane_reuse (struct dm_cuda *c, struct dm_cuda_lane *l)
{
  pthread_mutex_lock (&c->lock);
  int got = c->nspare > 0;
  if (got)
    *l = c->spare[--c->nspare];
  pthread_mutex_unlock (&c->lock);
  return got;
}

int
dm_cuda_lane_free (struct dm_backend_dev *dev, struct dm_cuda_lane *l)
{
  int rc = 0;
  /* A copy that failed half way may have left callbacks there.  */
  if (l->stream && DM_CU (dev->id, cuStreamSynchronize, l->stream))
    rc = -1;
  for (int h = 0; h < 2; h++)
    {
      if (l->full[h])
	dm_cu.cuEventDestroy (l->full[h]);
      if (l->empty[h])
	dm_cu.cuEventDestroy (l->empty[h]);
    }
  if (l->start)
    dm_cu.cuEventDestroy (l->start);
  if (l->stream)
    dm_cu.cuStreamDestroy (l->stream);
  if (l->buf)
    dm_cu.cuMemFreeHost (l->buf);
  memset (l, 0, sizeof *l);
  return rc;
}

int
dm_cuda_queue_destroy (struct dm_backend_dev *dev, struct dm_queue *q)
{
  struct dm_cuda *c = dm_cuda_state (dev);
  if (c == NULL || dm_cuda_bind (dev) != 0)
    return -1;
  /* Drain first: the stacks may still be in use.  */
  int rc = DM_CU (dev->id, cuStreamSynchronize, q->stream) ? -1 : 0;
  if (q->stacks.ptr)
    dm_cu.cuMemFree (q->stacks.ptr);
  /* The lanes of queued copies to and from pageable memory
     (cuda_transfer.c).  */
  if (dm_cuda_lane_retire (dev, c, &q->in) != 0)
    rc = -1;
  if (dm_cuda_lane_retire (dev, c, &q->out) != 0)
    rc = -1;
  if (DM_CU (dev->id, cuStreamDestroy, q->stream))
    rc = -1;
  pthread_mutex_lock (&c->lock);
  if (q->prev != NULL)
    q->prev->next = q->next;
  else
    c->queues = q->next;
  if (q->next != NULL)
    q->next->prev = q->prev;
  pthread_mutex_unlock (&c->lock);
  free (q);
  return rc;
}

/* A queue's completion callback.  cuStreamAddCallback, not
   cuLaunchHostFunc: the driver skips host functions once the context has
   failed (a kernel fault), which would leave the construct's task waiting
   for ever; a stream callback runs exactly once and gets the status.  */
struct dm_cuda_callback
{
  void (*fn) (void *, const char *);
  void *arg;
  int device;
};

/* Names of the errors queued work reports; no driver call may explain
   them here.  */
static const char *
dm_cuda_async_error_name (CUresult r)
{
  switch (r)
    {
    case CUDA_ERROR_ILLEGAL_ADDRESS: return "CUDA_ERROR_ILLEGAL_ADDRESS";
    case CUDA_ERROR_LAUNCH_FAILED: return "CUDA_ERROR_LAUNCH_FAILED";
    case CUDA_ERROR_LAUNCH_TIMEOUT: return "CUDA_ERROR_LAUNCH_TIMEOUT";
    case CUDA_ERROR_ILLEGAL_INSTRUCTION:
      return "CUDA_ERROR_ILLEGAL_INSTRUCTION";
    case CUDA_ERROR_MISALIGNED_ADDRESS: return "CUDA_ERROR_MISALIGNED_ADDRESS";
    case CUDA_ERROR_INVALID_ADDRESS_SPACE:
      return "CUDA_ERROR_INVALID_ADDRESS_SPACE";
    case CUDA_ERROR_INVALID_PC: return "CUDA_ERROR_INVALID_PC";
    case CUDA_ERROR_ASSERT: return "CUDA_ERROR_ASSERT";
    case CUDA_ERROR_HARDWARE_STACK_ERROR:
      return "CUDA_ERROR_HARDWARE_STACK_ERROR";
    default: return "CUDA error";
    }
}

static void CUDA_CB
dm_cuda_callback_run (CUstream stream, CUresult status, void *data)
{
  struct dm_cuda_callback cb = *(struct dm_cuda_callback *) data;
  free (data);
  char failure[160];
  if (status != CUDA_SUCCESS)
    snprintf (failure, sizeof failure, "cuda device %d: queued work failed: "
	      "%s (%d)%s", cb.device, dm_cuda_async_error_name (status),
	      (int) status, status == CUDA_ERROR_LAUNCH_FAILED
			    ? " (perhaps abort was called in a region)" : "");
  cb.fn (cb.arg, status == CUDA_SUCCESS ? NULL : failure);
}

int
dm_cuda_queue_callback (struct dm_backend_dev *dev, struct dm_queue *q,
			void (*fn) (void *, const char *), void *arg)
{
  return dm_cuda_stream_callback (dev, q->stream, fn, arg);
}

int
dm_cuda_stream_callback (struct dm_backend_dev *dev, CUstream stream,
			 void (*fn) (void *, const char *), void *arg)
{
  if (dm_cuda_bind (dev) != 0)
    return -1;
  struct dm_cuda_callback *cb = malloc (sizeof *cb);
  if (cb == NULL)
    {
      dm_set_reason ("cuda device %d: out of host memory for a queue "
		     "callback", dev->id);
      return -1;
    }
  *cb = (struct dm_cuda_callback) { fn, arg, dev->id };
  if (DM_CU (dev->id, cuStreamAddCallback, stream, dm_cuda_callback_run,
	     cb, 0))
    {
      free (cb);
      return -1;
    }
  return 0;
}
