/* device.h -- the device layer: one small interface every backend
   implements, and the per-device state the mapping layer keeps.

   Device addresses are plain integers (uintptr_t): host code never
   dereferences them, except the emulated backend's region runner, which
   plays the part of the GPU.  Every operation returns 0 on success and -1 on
   failure after dm_set_reason; callers report with context.  */
#ifndef DM_DEVICE_H
#define DM_DEVICE_H

#include <pthread.h>
#include <stddef.h>
#include <stdint.h>

#include "map/maptable.h"
#include "engine/pool.h"
#include "engine/stats.h"

struct dm_device;
struct dm_queue;		/* a backend's in-order asynchronous queue */
struct dm_host_table;		/* images.h */

/* Launch geometry of a target region; 0 means "backend's choice".  */
struct dm_launch
{
  void (*host_fn) (void *);	/* host version of the region: the key */
  uintptr_t args;		/* device address of the address array */
  int num_teams;
  int thread_limit;
};

/* Direction of a 2-D copy.  */
enum dm_copy_dir
{
  DM_COPY_H2D,
  DM_COPY_D2H,
  DM_COPY_D2D
};

struct dm_device_ops
{
  const char *name;		/* "emu", "cuda" */

  /* Nonzero when regions are host code (the emulated device): declare
     target variables then live at their host addresses while a region
     runs, see images.c.  Such a device uses every host table.  */
  int runs_host_code;

  /* Otherwise: the offload image type it loads (DM_DEVTYPE_*).  */
  int image_type;

  /* Large raw allocations; the pool sub-allocates from them.  */
  int (*mem_alloc) (struct dm_device *, size_t size, uintptr_t *out);
  int (*mem_free) (struct dm_device *, uintptr_t addr, size_t size);
  /* Free and total device memory in bytes.  */
  int (*mem_info) (struct dm_device *, size_t *free_bytes, size_t *total);
  /* Optional: 0 if device [ADDR, ADDR + SIZE) lies inside one of the
     device's allocations, else -1 with a reason.  The emulated device
     checks the device pointers programs pass to the omp_target_* API,
     which a GPU would fault on (or worse, not).  */
  int (*check_range) (struct dm_device *, uintptr_t addr, size_t size);
  /* Fill freshly handed-out memory with a poison pattern; may be NULL.  */
  void (*poison) (struct dm_device *, uintptr_t addr, size_t size);

  /* Copies; with Q == NULL they are synchronous, otherwise queued on Q
     and the host buffer must stay valid until Q has passed them.  */
  int (*to_device) (struct dm_device *, uintptr_t dst, const void *src,
		    size_t size, struct dm_queue *q);
  int (*to_host) (struct dm_device *, void *dst, uintptr_t src, size_t size,
		  struct dm_queue *q);
  int (*device_to_device) (struct dm_device *, uintptr_t dst, uintptr_t src,
			   size_t size, struct dm_queue *q);

  /* Optional: a 2-D strided copy in one transfer (cuMemcpy2DAsync):
     HEIGHT rows of WIDTH bytes, row R from SRC + R * SPITCH to DST + R *
     DPITCH; host addresses as integers.  Rows may overlap only in a
     device-to-device copy.  NULL: the transfer layer copies row by row.  */
  int (*copy_2d) (struct dm_device *, enum dm_copy_dir dir, uintptr_t dst,
		  size_t dpitch, uintptr_t src, size_t spitch, size_t width,
		  size_t height, struct dm_queue *q);

  /* Asynchronous queues: in-order streams of work.  */
  struct dm_queue *(*queue_create) (struct dm_device *);
  int (*queue_destroy) (struct dm_device *, struct dm_queue *);
  int (*queue_sync) (struct dm_device *, struct dm_queue *);
  /* Call FN (ARG, FAILURE) on some host thread once all work queued
     before it on Q has finished; FN must not block nor call the backend.
     It is called exactly once, also when queued work failed (a kernel
     fault): FAILURE then says what failed, otherwise it is NULL.  */
  int (*queue_callback) (struct dm_device *, struct dm_queue *,
			 void (*fn) (void *, const char *failure),
			 void *arg);

  /* Make the functions and variables of a host table known to the device.
     The variable addresses the device uses are written to DEV_VARS
     (one per variable of TABLE, in order).  */
  int (*image_load) (struct dm_device *, const struct dm_host_table *table,
		     const void *target_data, uintptr_t *dev_vars);
  int (*image_unload) (struct dm_device *, const struct dm_host_table *table);

  /* Whether the device has code for the region whose host version is
     FN (a program or library built without an image for it has none);
     NULL: it runs every region.  */
  int (*has_region) (struct dm_device *, void (*fn) (void *));

  /* Run a target region; synchronous when Q is NULL.  */
  int (*run) (struct dm_device *, const struct dm_launch *, struct dm_queue *q);

  /* Release everything at process exit.  */
  void (*fini) (struct dm_device *);
};

struct dm_device
{
  int id;			/* OpenMP device number */
  const struct dm_device_ops *ops;
  void *backend;		/* the backend's own state */
  int backend_index;		/* n-th device of that backend */
  int forked;			/* in a forked child: a device whose
				   driver does not survive fork */

  /* The lock guards TABLE, POOL and every mapping of this device.

     Lock order, outermost first; a thread takes locks only in this order
     and a backend never takes LOCK:
       LOCK (mapping, pool, queues of nowait constructs)
	 -> backend locks taken by copies and queue operations:
	    CUDA's ring_lock (staging ring, cuda_transfer.c) and its lock
	    (images, queues, kernel lookup, cuda_device.c), never both;
       GLOBALS_LOCK (declare-target variables, held around a region)
	 -> CUDA's stacks_lock (a synchronous region's stacks)
	 -> CUDA's launch_lock (the chain of kernels).
     A region is launched without LOCK.  Queue callbacks (queue_callback)
     run on backend threads, take no lock of these and call no backend
     operation.  */
  pthread_mutex_t lock;
  pthread_cond_t unpinned;	/* a block's last pin went (directory.c) */
  struct dm_maptable table;	/* mappings (segments) */
  struct dm_maptable blocks;	/* device blocks, by host range */
  struct dm_maptable allocs;	/* omp_target_alloc blocks, by device address */
  struct dm_pool pool;
  struct dm_stats stats;
  unsigned construct_mark;	/* numbers constructs: count once each */
  unsigned layout_generation;	/* bumped when blocks move (fusion) */
  unsigned table_generation;	/* bumped when segments come or go */
  uint64_t deep_epoch;		/* bumped when what deep copy mapped
				   goes, splits or loses a pointer
				   (map/replay.h) */
  struct dm_replay_table *replays;	/* records of deep items */
  uint64_t cover_stamp;		/* numbers dm_cover's collections */

  /* Declare-target variables of the loaded images (images.c).  */
  struct dm_global
  {
    uintptr_t host;
    size_t size;
    int link;			/* declare target link: mapped on demand */
    /* On a device with its own images, a link variable is a pointer
       variable of the image, at LINK_PTR, that must hold the device
       address of the mapped host variable; LINK_VALUE is what it holds
       (see dm_links_refresh).  */
    uintptr_t link_ptr, link_value;
  } *globals;
  size_t nglobals, globals_capacity;
  pthread_mutex_t globals_lock;	/* held while a region uses them */
  char *globals_save;		/* kept between regions: host values */
  size_t globals_save_size;	/* saved around a region (images.c) */
  struct dm_mapping *free_mappings;	/* recycled nodes (via ->free_next) */
  struct dm_block *free_blocks;		/* recycled blocks (via ->next) */
  struct dm_async_dev *async;		/* nowait constructs (async.h) */
};

/* A backend: how many devices it offers, and how to start one of them
   (set DEV->ops and DEV->backend; DEV->id and the lock are set already).
   Both return -1 with a reason on failure.  */
struct dm_backend
{
  const char *name;
  int (*count) (void);
  int (*init) (struct dm_device *dev, int index);
};

extern const struct dm_backend dm_emu_backend;
extern const struct dm_backend dm_cuda_backend;	/* when built with CUDA */

#endif
