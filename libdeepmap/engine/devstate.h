/* devstate.h -- the runtime's per-device state: the backend's core
   (device/device.h), the lock, the pool, the counters, the queues of
   nowait constructs and the declare-target variables; the mapping
   layer's tables hang off MAP (map/devmap.h).  Backends never see this
   struct: their operations receive &DEV->core.  */
#ifndef DM_DEVSTATE_H
#define DM_DEVSTATE_H

#include <pthread.h>
#include <sched.h>
#include <stddef.h>
#include <stdint.h>

#include "device/device.h"
#include "engine/pool.h"
#include "engine/stats.h"

struct dm_device_map;		/* map/devmap.h */
struct dm_async_dev;		/* async.h */

struct dm_device
{
  /* What the backend sees, first; its fields read as the device's own
     (DEV->id, DEV->ops), and &DEV->core is what every operation gets.  */
  union
  {
    struct dm_backend_dev core;
    struct
    {
      int id;
      const struct dm_device_ops *ops;
      void *backend;
      int backend_index;
      int forked;
      struct dm_device_icvs icvs;
    };
  };

  /* The lock guards the mapping layer's tables (MAP), POOL and every
     mapping of this device.

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
  pthread_mutex_t lock;		/* taken with dm_device_lock */
  int fork_waiting;		/* a fork () waits for LOCK (atomic) */
  struct dm_device_map *map;	/* segments, blocks, ... (map/devmap.h) */
  struct dm_pool pool;
  struct dm_stats stats;

  /* Declare-target variables of the loaded images (images.c).  */
  struct dm_global
  {
    uintptr_t host;
    size_t size;
    int link;			/* declare target link: mapped on demand */
    int read_only;		/* in a read-only segment (a const table) */
    /* On a device with its own images, a link variable is a pointer
       variable of the image, at LINK_PTR, that must hold the device
       address of the mapped host variable; LINK_VALUE is what it holds
       (see dm_links_refresh).  */
    uintptr_t link_ptr, link_value;
  } *globals;
  size_t nglobals, globals_capacity;
  pthread_mutex_t globals_lock;	/* held while a region uses them */
  struct dm_global_ref *global_refs;	/* built around a region that runs
					   host code (images.c) */
  size_t global_refs_capacity;
  struct dm_async_dev *async;		/* nowait constructs (async.h) */
};

/* The union above must lay the fields out as struct dm_backend_dev
   does.  */
#define DM_CORE_SAME(F) \
  _Static_assert (offsetof (struct dm_device, F) \
		  == offsetof (struct dm_device, core.F), "core." #F)
DM_CORE_SAME (id);
DM_CORE_SAME (ops);
DM_CORE_SAME (backend);
DM_CORE_SAME (backend_index);
DM_CORE_SAME (forked);
#undef DM_CORE_SAME

/* Take DEV's lock.  glibc's mutexes are not fair: a thread that maps in a
   tight loop takes the lock again before a woken waiter runs, and on a
   machine of 16 cores it kept fork ()'s prepare handler waiting for good
   (deepmap.runtime/fork-while-mapping.c on the lent H100 machine).  While
   a fork waits, everyone else stands back.  */
static inline void
dm_device_lock (struct dm_device *dev)
{
  while (__atomic_load_n (&dev->fork_waiting, __ATOMIC_ACQUIRE))
    sched_yield ();
  pthread_mutex_lock (&dev->lock);
}

#endif
