/* device.h -- the device layer: the one small interface every backend
   implements, and all a backend sees of a device (struct dm_backend_dev).
   The runtime's per-device state (tables, pool, queues) is
   engine/devstate.h's struct dm_device, which embeds this core: a
   backend cannot reach it.

   Device addresses are plain integers (uintptr_t): host code never
   dereferences them, except the emulated backend's region runner, which
   plays the part of the GPU.  Every operation returns 0 on success and -1 on
   failure after dm_set_reason; callers report with context.  */
#ifndef DM_DEVICE_H
#define DM_DEVICE_H

#include <stddef.h>
#include <stdint.h>

#include "support/region.h"

struct dm_device_ops;
struct dm_queue;		/* a backend's in-order asynchronous queue */
struct dm_host_table;		/* images.h */

/* What a backend sees of a device; the runtime's struct dm_device
   begins with it (engine/devstate.h).  */
struct dm_backend_dev
{
  int id;			/* OpenMP device number */
  const struct dm_device_ops *ops;
  void *backend;		/* the backend's own state */
  int backend_index;		/* n-th device of that backend */
  int forked;			/* in a forked child: a device whose
				   driver does not survive fork */
  struct dm_device_icvs icvs;	/* what the emulated device's region
				   code reads (support/region.h) */
};

/* Launch geometry of a target region; 0 means "backend's choice".  */
struct dm_launch
{
  void (*host_fn) (void *);	/* host version of the region: the key */
  uintptr_t args;		/* device address of the address array */
  int num_teams;
  int thread_limit;
  size_t nargs;			/* addresses in it */
  unsigned *granted_teams;	/* NULL, or where the backend stores how
				   many teams it ran or launched (OMPT's
				   granted_num_teams); left alone where
				   it cannot tell (a region queued to run
				   later on the emulated device) */
  void *const *host_args;	/* NULL, or the host address each of the
				   NARGS addresses stands for (the
				   construct's list items), valid while
				   the region runs synchronously */
};

/* Direction of a 2-D copy.  */
enum dm_copy_dir
{
  DM_COPY_H2D,
  DM_COPY_D2H,
  DM_COPY_D2D
};

/* A declare-target variable as a region on a device that runs host code
   sees it: the region reaches it at HOST, its device copy is at DEV.  */
struct dm_global_ref
{
  uintptr_t host, dev;
  size_t size;
  int read_only;		/* HOST is read-only memory (a const table) */
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
  int (*mem_alloc) (struct dm_backend_dev *, size_t size, uintptr_t *out);
  int (*mem_free) (struct dm_backend_dev *, uintptr_t addr, size_t size);
  /* Free and total device memory in bytes.  */
  int (*mem_info) (struct dm_backend_dev *, size_t *free_bytes,
		   size_t *total);
  /* Optional: 0 if device [ADDR, ADDR + SIZE) lies inside one of the
     device's allocations, else -1 with a reason.  The emulated device
     checks the device pointers programs pass to the omp_target_* API,
     which a GPU would fault on (or worse, not).  */
  int (*check_range) (struct dm_backend_dev *, uintptr_t addr, size_t size);
  /* Fill freshly handed-out memory with a poison pattern; may be NULL.  */
  void (*poison) (struct dm_backend_dev *, uintptr_t addr, size_t size);
  /* Optional: make SIZE bytes at ADDR zero, synchronously, faster than
     copying zeros (the engine does that where this is NULL).  */
  int (*clear) (struct dm_backend_dev *, uintptr_t addr, size_t size);

  /* Copies; with Q == NULL they are synchronous, otherwise queued on Q
     and the host buffer must stay valid until Q has passed them.  */
  int (*to_device) (struct dm_backend_dev *, uintptr_t dst, const void *src,
		    size_t size, struct dm_queue *q);
  int (*to_host) (struct dm_backend_dev *, void *dst, uintptr_t src,
		  size_t size, struct dm_queue *q);
  int (*device_to_device) (struct dm_backend_dev *, uintptr_t dst,
			   uintptr_t src, size_t size, struct dm_queue *q);

  /* Optional: a 2-D strided copy in one transfer (cuMemcpy2DAsync):
     HEIGHT rows of WIDTH bytes, row R from SRC + R * SPITCH to DST + R *
     DPITCH; host addresses as integers.  Rows may overlap only in a
     device-to-device copy.  NULL: the transfer layer copies row by row.  */
  int (*copy_2d) (struct dm_backend_dev *, enum dm_copy_dir dir,
		  uintptr_t dst, size_t dpitch, uintptr_t src, size_t spitch,
		  size_t width, size_t height, struct dm_queue *q);

  /* Optional: a synchronous copy to the device or back (DIR, rows as
     for copy_2d, no overlap) that also gives in *HASH the content hash
     of the bytes it moves (support/contenthash.h), taken in the same
     pass: a device whose copy engine is the host CPU.  The report uses
     it (engine/transfer.c); NULL: the hash is taken beside the copy.  */
  int (*copy_hashed) (struct dm_backend_dev *, enum dm_copy_dir dir,
		      uintptr_t dst, size_t dpitch, uintptr_t src,
		      size_t spitch, size_t width, size_t height,
		      uint64_t *hash);

  /* Asynchronous queues: in-order streams of work.  */
  struct dm_queue *(*queue_create) (struct dm_backend_dev *);
  int (*queue_destroy) (struct dm_backend_dev *, struct dm_queue *);
  int (*queue_sync) (struct dm_backend_dev *, struct dm_queue *);
  /* Call FN (ARG, FAILURE) on some host thread once all work queued
     before it on Q has finished; FN must not block nor call the backend.
     It is called exactly once, also when queued work failed (a kernel
     fault): FAILURE then says what failed, otherwise it is NULL.  */
  int (*queue_callback) (struct dm_backend_dev *, struct dm_queue *,
			 void (*fn) (void *, const char *failure),
			 void *arg);

  /* Timeline marks (DEEPMAP_TRACE), where the device keeps its own time
     (CUDA events): mark_record puts a mark in Q's order of work;
     mark_time gives the CLOCK_MONOTONIC nanoseconds at which the device
     passed it and releases it (0), says it has not been passed yet (1,
     only without WAIT; ask again), or fails (-1, released).  Either may
     fail for want of resources; the trace then loses that span.  NULL:
     the engine times queued work with queue callbacks, which on a GPU
     would see when the host heard of it, not when it ran.  */
  int (*mark_record) (struct dm_backend_dev *, struct dm_queue *,
		      void **mark);
  int (*mark_time) (struct dm_backend_dev *, void *mark, int wait,
		    uint64_t *ns);

  /* Make the functions and variables of a host table known to the device.
     The variable addresses the device uses are written to DEV_VARS
     (one per variable of TABLE, in order).  */
  int (*image_load) (struct dm_backend_dev *,
		     const struct dm_host_table *table,
		     const void *target_data, uintptr_t *dev_vars);
  int (*image_unload) (struct dm_backend_dev *,
		       const struct dm_host_table *table);

  /* Whether the device has code for the region whose host version is
     FN (a program or library built without an image for it has none);
     NULL: it runs every region.  */
  int (*has_region) (struct dm_backend_dev *, void (*fn) (void *));

  /* Run a target region; synchronous when Q is NULL.  */
  int (*run) (struct dm_backend_dev *, const struct dm_launch *,
	      struct dm_queue *q);

  /* A device whose regions are host code: run LAUNCH synchronously with
     the declare-target variables REFS[0..N) in place, the host addresses
     holding the device values while it runs and what it wrote going to
     the device copies after.  The caller holds the variables' lock.  NULL
     on a device with images of its own (link pointers instead).  */
  int (*run_with_globals) (struct dm_backend_dev *, const struct dm_launch *,
			   const struct dm_global_ref *refs, size_t n);

  /* Release everything at process exit.  */
  void (*fini) (struct dm_backend_dev *);
};

/* A backend: how many devices it offers, and how to start one of them
   (set DEV->ops and DEV->backend; DEV->id and DEV->backend_index are set
   already).  Both return -1 with a reason on failure.  */
struct dm_backend
{
  const char *name;
  int (*count) (void);
  int (*init) (struct dm_backend_dev *dev, int index);
};

extern const struct dm_backend dm_emu_backend;
extern const struct dm_backend dm_cuda_backend;	/* when built with CUDA */

#endif
