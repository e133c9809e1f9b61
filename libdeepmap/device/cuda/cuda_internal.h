/* cuda_internal.h -- state shared by the CUDA backend's files:
   cuda_device.c (devices, memory, queues, images, regions) and
   cuda_transfer.c (host/device copies, staging).  */
#ifndef DM_CUDA_INTERNAL_H
#define DM_CUDA_INTERNAL_H

#include <pthread.h>
#include <stddef.h>
#include <stdint.h>

#include "device/cuda/cuda_driver.h"
#include "device/device.h"
#include "support/error.h"

/* Transfer tuning, from the environment (defaults measured on an H200).  */
struct dm_cuda_tuning
{
  size_t direct_max;	/* DEEPMAP_CUDA_DIRECT_MAX: copy directly up to */
  size_t direct_max_d2h;	/* ... back to the host */
  size_t chunk;		/* DEEPMAP_CUDA_CHUNK: bytes per staged chunk */
  size_t staging;	/* DEEPMAP_CUDA_STAGING: pinned ring, bytes */
  int streams;		/* DEEPMAP_CUDA_STREAMS: copy streams per device */
  size_t ring_after;	/* DEEPMAP_CUDA_RING_AFTER: large copies go
			   direct until they add up to this */
};

extern struct dm_cuda_tuning dm_cuda_tuning;

/* Read the DEEPMAP_CUDA_* variables once; a bad value is fatal.  */
void dm_cuda_tuning_init (void);

/* One slot of the pinned staging ring.  */
struct dm_cuda_slot
{
  void *buf;
  CUevent done;		/* recorded after the slot's last DMA */
  int busy;		/* DONE is recorded and not yet waited for */
};

/* Soft stacks of GCC's nvptx code: one block, STACK_SIZE per warp.  */
struct dm_cuda_stacks
{
  CUdeviceptr ptr;
  size_t size;
};

/* A queue's lane for queued copies between pageable host memory and the
   device (cuda_transfer.c): two pinned halves of DEEPMAP_CUDA_CHUNK
   bytes, which stream callbacks on STREAM fill (to the device) or empty
   (to the host) while the queue's own stream moves the other half by
   DMA.  FULL[H] marks half H filled, EMPTY[H] emptied; HALF is the next
   half; START orders a copy's first callback after the queue's earlier
   work.  */
struct dm_cuda_lane
{
  void *buf;
  CUstream stream;
  CUevent full[2], empty[2], start;
  int half;
};

#define DM_CUDA_SPARE_LANES 16

struct dm_queue
{
  struct dm_backend_dev *dev;
  CUstream stream;
  struct dm_cuda_stacks stacks;	/* for regions launched on this queue */
  struct dm_cuda_lane in, out;	/* to and from pageable memory */
  struct dm_queue *prev, *next;
};

struct dm_cuda_image;
struct dm_cuda_kernel;

struct dm_cuda
{
  CUdevice cu_dev;
  CUcontext ctx;		/* the device's primary context */
  char name[128];
  int num_sms, regs_per_sm, clock_khz;

  pthread_mutex_t lock;		/* guards IMAGES, LAST_FOUND, QUEUES,
				   SPARE */
  struct dm_cuda_image *images;
  const struct dm_cuda_kernel *last_found;	/* dm_cuda_kernel_find */
  struct dm_queue *queues;
  /* Lanes of destroyed queues, for the next ones (pinned memory is slow
     to get: a pipelined loop makes its queues afresh).  */
  struct dm_cuda_lane spare[DM_CUDA_SPARE_LANES];
  int nspare;

  pthread_mutex_t stacks_lock;	/* held by a synchronous region */
  struct dm_cuda_stacks stacks;

  /* Kernels of one device run one at a time (dm_cuda_launch_serial).  */
  pthread_mutex_t launch_lock;
  CUevent last_kernel;		/* recorded after the latest kernel */
  int last_recorded;		/* ... once it has been recorded */
  int kernels_queued;		/* a kernel was ever launched on a queue */

  /* The staging ring and its copy streams, made on first use.  */
  pthread_mutex_t ring_lock;
  struct dm_cuda_slot *slots;
  int ring_ready;
  size_t direct_large;		/* bytes of large copies sent direct */
  int nslots, next_slot;
  CUstream *streams;

  /* Timeline marks (cuda_clock.c), under LOCK.  */
  struct dm_cuda_anchor *anchor;
  CUstream anchor_stream;
};

/* The device's state, or NULL (with a reason) after it shut down.  */
static inline struct dm_cuda *
dm_cuda_state (struct dm_backend_dev *dev)
{
  if (dev->backend == NULL)
    dm_set_reason ("cuda device %d used after it was shut down", dev->id);
  return dev->backend;
}

/* cuda_queue.c: make DEV's context current on this thread.  */
int dm_cuda_bind (struct dm_backend_dev *dev);

/* cuda_queue.c: the queue operations.  */
struct dm_queue *dm_cuda_queue_create (struct dm_backend_dev *dev);
int dm_cuda_queue_sync (struct dm_backend_dev *dev, struct dm_queue *q);
int dm_cuda_queue_destroy (struct dm_backend_dev *dev, struct dm_queue *q);

int dm_cuda_to_device (struct dm_backend_dev *, uintptr_t dst, const void *src,
		       size_t size, struct dm_queue *q);
int dm_cuda_to_host (struct dm_backend_dev *, void *dst, uintptr_t src,
		     size_t size, struct dm_queue *q);
int dm_cuda_device_to_device (struct dm_backend_dev *, uintptr_t dst,
			      uintptr_t src, size_t size,
			      struct dm_queue *q);

int dm_cuda_copy_2d (struct dm_backend_dev *, enum dm_copy_dir dir,
		     uintptr_t dst, size_t dpitch, uintptr_t src,
		     size_t spitch, size_t width, size_t height,
		     struct dm_queue *q);

/* cuda_queue.c, the queue_callback op: FN (ARG, FAILURE) once Q has
   passed what it holds now, on a driver thread.  */
int dm_cuda_queue_callback (struct dm_backend_dev *dev, struct dm_queue *q,
			    void (*fn) (void *, const char *), void *arg);
/* The same on any stream of the device.  */
int dm_cuda_stream_callback (struct dm_backend_dev *dev, CUstream stream,
			     void (*fn) (void *, const char *), void *arg);

/* cuda_clock.c, the mark_record and mark_time ops (events with timing
   against an anchor of known host time), and their release at fini.  */
int dm_cuda_mark_record (struct dm_backend_dev *dev, struct dm_queue *q,
			 void **mark);
int dm_cuda_mark_time (struct dm_backend_dev *dev, void *mark, int wait,
		       uint64_t *ns);
void dm_cuda_clock_fini (struct dm_backend_dev *dev);

/* Release a queue's lane once its stream has drained (context
   current); 0, or -1 if waiting for its callbacks failed.  */
int dm_cuda_lane_free (struct dm_backend_dev *dev, struct dm_cuda_lane *l);
/* Take a spare lane into L, if there is one: 1, else 0.  */
int dm_cuda_lane_reuse (struct dm_cuda *c, struct dm_cuda_lane *l);

/* Release the staging ring and copy streams (context current).  */
void dm_cuda_transfer_fini (struct dm_backend_dev *dev);

#endif
