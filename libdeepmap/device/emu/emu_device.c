/* emu_device.c -- the emulated discrete device.

   Device memory is a set of private anonymous mappings that host code
   never aliases, copies are memcpy, and a target region runs by calling
   its host version with device addresses, so mapping bugs show up as wrong
   results without a GPU.  Each queue is served by a worker thread of its
   own, so work really runs after its caller moved on and ordering mistakes
   in callers become visible.  */
#include <errno.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "support/config.h"
#include "device/device.h"
#include "device/emu/emu_dma.h"
#include "device/emu/emu_globals.h"
#include "device/emu/emu_link.h"
#include "support/addrhash.h"
#include "support/error.h"
#include "support/hostexec.h"
#include "support/pagewatch.h"
#include "support/region.h"

#define DM_EMU_POISON_BYTE 0xA5

enum dm_emu_op_kind
{
  DM_EMU_COPY,
  DM_EMU_RUN,
  DM_EMU_CALLBACK
};

/* One queued operation.  */
struct dm_emu_op
{
  enum dm_emu_op_kind kind;
  union
  {
    struct
    {
      void *dst;
      const void *src;
      size_t size;		/* bytes of a row */
      size_t height, dpitch, spitch;	/* 1-D: height 1 */
      enum dm_emu_dir dir;
    } copy;
    struct dm_launch launch;
    struct
    {
      void (*fn) (void *, const char *);
      void *arg;
    } callback;
  } u;
  struct dm_emu_op *next;
};

struct dm_queue
{
  struct dm_backend_dev *dev;
  pthread_mutex_t lock;
  pthread_cond_t wake;			/* the worker: work arrived or stop */
  pthread_cond_t done;			/* syncers: work completed */
  struct dm_emu_op *head, *tail;	/* pending operations, FIFO */
  struct dm_emu_op *spare;		/* recycled nodes */
  uint64_t enqueued, completed;
  int worker_waiting, syncers, stop;
  pthread_t thread;
  struct dm_queue *prev, *next;		/* the device's queues */
};

/* One raw allocation.  */
struct dm_emu_map
{
  uintptr_t addr;
  size_t size;
};

struct dm_emu
{
  pthread_mutex_t lock;		/* guards everything below */
  size_t page;
  size_t capacity;		/* 0: no limit */
  size_t used;			/* bytes mapped (page rounded) */
  /* Live mappings by address (open addressing, linear probing, key 0 =
     empty), for mem_free's checks.  */
  struct dm_emu_map *maps;
  size_t maps_mask, nmaps;
  struct dm_queue *queues;
  struct dm_emu_globals globals;	/* guarded by the runtime's lock of
					   the variables (run_with_globals) */
};

/* The emulated device's state, or NULL (with a reason) if it never
   started.  */
static struct dm_emu *
dm_emu_state (struct dm_backend_dev *dev)
{
  if (dev->backend == NULL)
    dm_set_reason ("emulated device %d used after it was shut down",
		   dev->id);
  return dev->backend;
}

/* Memory.  */

static inline size_t
dm_emu_hash (uintptr_t addr, size_t mask)
{
  return dm_addr_hash (addr, 12, mask);
}

/* Room for one more mapping in the table; 0 on success.  */
static int
dm_emu_maps_reserve (struct dm_emu *e)
{
  if (e->maps != NULL && 2 * (e->nmaps + 1) <= e->maps_mask + 1)
    return 0;
  size_t slots = e->maps ? 2 * (e->maps_mask + 1) : 256;
  struct dm_emu_map *t = calloc (slots, sizeof *t);
  if (t == NULL)
    return -1;
  if (e->maps != NULL)
    for (size_t i = 0; i <= e->maps_mask; i++)
      if (e->maps[i].addr != 0)
	{
	  size_t j = dm_emu_hash (e->maps[i].addr, slots - 1);
	  while (t[j].addr != 0)
	    j = (j + 1) & (slots - 1);
	  t[j] = e->maps[i];
	}
  free (e->maps);
  e->maps = t;
  e->maps_mask = slots - 1;
  return 0;
}

/* Slot of ADDR in the table, or -1.  */
static ptrdiff_t
dm_emu_maps_find (const struct dm_emu *e, uintptr_t addr)
{
  if (e->maps == NULL || addr == 0)
    return -1;
  for (size_t j = dm_emu_hash (addr, e->maps_mask);;
       j = (j + 1) & e->maps_mask)
    {
      if (e->maps[j].addr == addr)
	return (ptrdiff_t) j;
      if (e->maps[j].addr == 0)
	return -1;
    }
}

/* Empty slot J, shifting later entries back so probe chains stay whole.  */
static void
dm_emu_maps_delete (struct dm_emu *e, size_t j)
{
  size_t mask = e->maps_mask;
  size_t hole = j;
  for (size_t k = (j + 1) & mask; e->maps[k].addr != 0; k = (k + 1) & mask)
    {
      size_t home = dm_emu_hash (e->maps[k].addr, mask);
      if (((k - home) & mask) >= ((k - hole) & mask))
	{
	  e->maps[hole] = e->maps[k];
	  hole = k;
	}
    }
  e->maps[hole].addr = 0;
  e->maps[hole].size = 0;
  e->nmaps--;
}

static int
dm_emu_mem_alloc (struct dm_backend_dev *dev, size_t size, uintptr_t *out)
{
  struct dm_emu *e = dm_emu_state (dev);
  if (e == NULL)
    return -1;
  size_t len = size ? size : 1;
  if (len > SIZE_MAX - e->page)
    {
      dm_set_reason ("emulated device %d: cannot allocate %zu bytes",
		     dev->id, size);
      return -1;
    }
  len = (len + e->page - 1) & ~(e->page - 1);

  pthread_mutex_lock (&e->lock);
  if (e->capacity != 0 && len > e->capacity - e->used)
    {
      size_t used = e->used;
      pthread_mutex_unlock (&e->lock);
      dm_set_reason ("emulated device %d: %zu bytes requested, %zu of %zu "
		     "in use (DEEPMAP_EMU_MEMORY)", dev->id, len, used,
		     e->capacity);
      return -1;
    }
  if (dm_emu_maps_reserve (e) != 0)
    {
      pthread_mutex_unlock (&e->lock);
      dm_set_reason ("emulated device %d: out of host memory", dev->id);
      return -1;
    }
  /* NORESERVE: an emulated capacity of many GiB costs only what is
     touched.  */
  void *p = mmap (NULL, len, PROT_READ | PROT_WRITE,
		  MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (p == MAP_FAILED)
    {
      int err = errno;
      pthread_mutex_unlock (&e->lock);
      dm_set_reason ("emulated device %d: mmap of %zu bytes failed: %s",
		     dev->id, len, strerror (err));
      return -1;
    }
  uintptr_t addr = (uintptr_t) p;
  size_t j = dm_emu_hash (addr, e->maps_mask);
  while (e->maps[j].addr != 0)
    j = (j + 1) & e->maps_mask;
  e->maps[j].addr = addr;
  e->maps[j].size = len;
  e->nmaps++;
  e->used += len;
  pthread_mutex_unlock (&e->lock);
  *out = addr;
  return 0;
}

static int
dm_emu_check_range (struct dm_backend_dev *dev, uintptr_t addr, size_t size)
{
  struct dm_emu *e = dm_emu_state (dev);
  if (e == NULL)
    return -1;
  int ok = 0;
  pthread_mutex_lock (&e->lock);
  /* A scan: the raw allocations are chunks and large blocks, few.  */
  for (size_t j = 0; j <= e->maps_mask && e->maps && !ok; j++)
    ok = e->maps[j].addr != 0 && addr >= e->maps[j].addr
	 && addr - e->maps[j].addr <= e->maps[j].size
	 && size <= e->maps[j].size - (addr - e->maps[j].addr);
  pthread_mutex_unlock (&e->lock);
  if (!ok)
    dm_set_reason ("[%p, %p) is not device memory of emulated device %d "
		   "(a host pointer, another device's, freed, or past the "
		   "end of an allocation)", (void *) addr,
		   (void *) (addr + size), dev->id);
  return ok ? 0 : -1;
}

static int
dm_emu_mem_free (struct dm_backend_dev *dev, uintptr_t addr, size_t size)
{
  struct dm_emu *e = dm_emu_state (dev);
  if (e == NULL)
    return -1;
  pthread_mutex_lock (&e->lock);
  ptrdiff_t j = dm_emu_maps_find (e, addr);
  size_t len = j < 0 ? 0 : e->maps[j].size;
  /* SIZE must be what was allocated: a mismatch is a pool bug, and
     unmapping a guessed length could hit a neighbour.  */
  if (j < 0 || size > len || len - size >= e->page)
    {
      pthread_mutex_unlock (&e->lock);
      if (j < 0)
	dm_set_reason ("emulated device %d: freeing %#jx, which is not an "
		       "allocation", dev->id, (uintmax_t) addr);
      else
	dm_set_reason ("emulated device %d: freeing %#jx with size %zu, "
		       "allocated with %zu", dev->id, (uintmax_t) addr, size,
		       len);
      return -1;
    }
  dm_emu_maps_delete (e, (size_t) j);
  e->used -= len;
  dm_watch_gone (addr, addr + len);
  int rc = munmap ((void *) addr, len);
  int err = errno;
  pthread_mutex_unlock (&e->lock);
  if (rc != 0)
    {
      dm_set_reason ("emulated device %d: munmap of %zu bytes failed: %s",
		     dev->id, len, strerror (err));
      return -1;
    }
  return 0;
}

static int
dm_emu_mem_info (struct dm_backend_dev *dev, size_t *free_bytes, size_t *total)
{
  struct dm_emu *e = dm_emu_state (dev);
  if (e == NULL)
    return -1;
  size_t cap = e->capacity;
  if (cap == 0)
    {
      /* Unlimited: the host's memory is the honest answer.  */
      long pages = sysconf (_SC_PHYS_PAGES);
      cap = pages > 0 ? (size_t) pages * e->page : SIZE_MAX;
    }
  pthread_mutex_lock (&e->lock);
  size_t used = e->used;
  pthread_mutex_unlock (&e->lock);
  *total = cap;
  *free_bytes = cap > used ? cap - used : 0;
  return 0;
}

static void
dm_emu_poison (struct dm_backend_dev *dev, uintptr_t addr, size_t size)
{
  memset ((void *) addr, DM_EMU_POISON_BYTE, size);
}

/* Device memory is private anonymous mappings: whole pages given back
   to the kernel read as zeros afterwards, without being written (a .bss
   variable's device copy of hundreds of megabytes costs nothing until
   used); the edges are written.  */
static int
dm_emu_clear (struct dm_backend_dev *dev, uintptr_t addr, size_t size)
{
  struct dm_emu *e = dm_emu_state (dev);
  size_t page = e ? e->page : 4096;
  uintptr_t lo = (addr + page - 1) & ~(uintptr_t) (page - 1);
  uintptr_t hi = (addr + size) & ~(uintptr_t) (page - 1);
  if (hi > lo)
    dm_watch_gone (lo, hi);	/* zeroed with no store */
  if (hi <= lo || madvise ((void *) lo, hi - lo, MADV_DONTNEED) != 0)
    {
      memset ((void *) addr, 0, size);
      return 0;
    }
  memset ((void *) addr, 0, lo - addr);
  memset ((void *) hi, 0, addr + size - hi);
  return 0;
}

/* Queues.  */

struct dm_emu_region
{
  struct dm_backend_dev *dev;
  const struct dm_launch *launch;
};

static void
dm_emu_region_body (void *p)
{
  struct dm_emu_region *r = p;
  struct dm_region_state prev = dm_region_enter (r->dev, &r->dev->icvs);
  r->launch->host_fn ((void *) r->launch->args);
  dm_region_exit (prev);
  unsigned teams = dm_region_teams_take ();
  if (r->launch->granted_teams)
    *r->launch->granted_teams = teams;
}

/* A GPU starts a region with no OpenMP state of the host thread: so does
   the emulated device, on a fresh thread.  */
static int
dm_emu_run_now (struct dm_backend_dev *dev, const struct dm_launch *launch)
{
  struct dm_emu_region r = { dev, launch };
  return dm_run_as_initial_thread (dm_emu_region_body, &r,
				   launch->thread_limit);
}

/* HEIGHT rows of WIDTH bytes, DPITCH and SPITCH apart; memmove: a
   device-to-device copy within one block may overlap.  Going down when
   the destination lies above keeps an overlapping 2-D copy right.  */
static void
dm_emu_rows (void *dst, size_t dpitch, const void *src, size_t spitch,
	     size_t width, size_t height)
{
  if ((uintptr_t) dst <= (uintptr_t) src)
    for (size_t r = 0; r < height; r++)
      dm_emu_dma_copy ((char *) dst + r * dpitch,
		       (const char *) src + r * spitch, width);
  else
    for (size_t r = height; r-- > 0;)
      dm_emu_dma_copy ((char *) dst + r * dpitch,
		       (const char *) src + r * spitch, width);
}

static void
dm_emu_execute (struct dm_backend_dev *dev, const struct dm_emu_op *op)
{
  switch (op->kind)
    {
    case DM_EMU_COPY:
      {
	uint64_t until = dm_emu_link_reserve (op->u.copy.dir,
					      op->u.copy.size
					      * op->u.copy.height);
	dm_emu_rows (op->u.copy.dst, op->u.copy.dpitch, op->u.copy.src,
		     op->u.copy.spitch, op->u.copy.size, op->u.copy.height);
	dm_emu_link_wait (until);
      }
      break;
    case DM_EMU_RUN:
      if (dm_emu_run_now (dev, &op->u.launch) != 0)
	dm_fatal ("device %d (emu): queued region (host function %p) "
		  "failed: %s", dev->id, (void *) op->u.launch.host_fn,
		  dm_reason ());
      break;
    case DM_EMU_CALLBACK:
      /* A failing queued operation is fatal above: what reaches a
	 callback has succeeded.  */
      op->u.callback.fn (op->u.callback.arg, NULL);
      break;
    }
}

/* The worker: takes all pending work at once and runs it outside the
   lock, in order, so enqueuers only ever wait for list surgery.  */
static void *
dm_emu_worker (void *arg)
{
  struct dm_queue *q = arg;
  pthread_mutex_lock (&q->lock);
  for (;;)
    {
      while (q->head == NULL && !q->stop)
	{
	  q->worker_waiting = 1;
	  pthread_cond_wait (&q->wake, &q->lock);
	  q->worker_waiting = 0;
	}
      if (q->head == NULL)
	break;
      struct dm_emu_op *batch = q->head, *last = NULL;
      q->head = q->tail = NULL;
      pthread_mutex_unlock (&q->lock);

      uint64_t n = 0;
      for (struct dm_emu_op *op = batch; op != NULL; op = op->next)
	{
	  dm_emu_execute (q->dev, op);
	  last = op;
	  n++;
	}

      pthread_mutex_lock (&q->lock);
      last->next = q->spare;
      q->spare = batch;
      q->completed += n;
      if (q->syncers > 0)
	pthread_cond_broadcast (&q->done);
    }
  pthread_mutex_unlock (&q->lock);
  return NULL;
}

/* Append a copy of OP to Q.  */
static int
dm_emu_enqueue (struct dm_queue *q, const struct dm_emu_op *op)
{
  pthread_mutex_lock (&q->lock);
  struct dm_emu_op *node = q->spare;
  if (node != NULL)
    q->spare = node->next;
  else if ((node = malloc (sizeof *node)) == NULL)
    {
      pthread_mutex_unlock (&q->lock);
      dm_set_reason ("emulated device %d: out of host memory for a queued "
		     "operation", q->dev->id);
      return -1;
    }
  *node = *op;
  node->next = NULL;
  if (q->tail != NULL)
    q->tail->next = node;
  else
    q->head = node;
  q->tail = node;
  q->enqueued++;
  if (q->worker_waiting)
    pthread_cond_signal (&q->wake);
  pthread_mutex_unlock (&q->lock);
  return 0;
}

static struct dm_queue *
dm_emu_queue_create (struct dm_backend_dev *dev)
{
  struct dm_emu *e = dm_emu_state (dev);
  if (e == NULL)
    return NULL;
  struct dm_queue *q = calloc (1, sizeof *q);
  if (q == NULL)
    {
      dm_set_reason ("emulated device %d: out of host memory for a queue",
		     dev->id);
      return NULL;
    }
  q->dev = dev;
  pthread_mutex_init (&q->lock, NULL);
  pthread_cond_init (&q->wake, NULL);
  pthread_cond_init (&q->done, NULL);
  int err = pthread_create (&q->thread, NULL, dm_emu_worker, q);
  if (err != 0)
    {
      pthread_cond_destroy (&q->done);
      pthread_cond_destroy (&q->wake);
      pthread_mutex_destroy (&q->lock);
      free (q);
      dm_set_reason ("emulated device %d: cannot start a queue thread: %s",
		     dev->id, strerror (err));
      return NULL;
    }
  pthread_mutex_lock (&e->lock);
  q->next = e->queues;
  if (e->queues != NULL)
    e->queues->prev = q;
  e->queues = q;
  pthread_mutex_unlock (&e->lock);
  return q;
}

static int
dm_emu_queue_sync (struct dm_backend_dev *dev, struct dm_queue *q)
{
  pthread_mutex_lock (&q->lock);
  uint64_t target = q->enqueued;
  q->syncers++;
  while (q->completed < target)
    pthread_cond_wait (&q->done, &q->lock);
  q->syncers--;
  pthread_mutex_unlock (&q->lock);
  return 0;
}

static int
dm_emu_queue_destroy (struct dm_backend_dev *dev, struct dm_queue *q)
{
  struct dm_emu *e = dm_emu_state (dev);
  if (e == NULL)
    return -1;
  pthread_mutex_lock (&q->lock);
  q->stop = 1;
  pthread_cond_signal (&q->wake);
  pthread_mutex_unlock (&q->lock);
  /* The worker drains everything queued before it exits.  */
  pthread_join (q->thread, NULL);

  pthread_mutex_lock (&e->lock);
  if (q->prev != NULL)
    q->prev->next = q->next;
  else
    e->queues = q->next;
  if (q->next != NULL)
    q->next->prev = q->prev;
  pthread_mutex_unlock (&e->lock);

  for (struct dm_emu_op *op = q->spare, *next; op != NULL; op = next)
    {
      next = op->next;
      free (op);
    }
  pthread_cond_destroy (&q->done);
  pthread_cond_destroy (&q->wake);
  pthread_mutex_destroy (&q->lock);
  free (q);
  return 0;
}

static int
dm_emu_queue_callback (struct dm_backend_dev *dev, struct dm_queue *q,
		       void (*fn) (void *, const char *), void *arg)
{
  struct dm_emu_op op = { .kind = DM_EMU_CALLBACK };
  op.u.callback.fn = fn;
  op.u.callback.arg = arg;
  return dm_emu_enqueue (q, &op);
}

/* Copies.  */

/* HEIGHT rows of SIZE bytes: one transfer on the modelled link, as
   cuMemcpy2DAsync is one DMA operation.  */
static int
dm_emu_copy_rows (void *dst, size_t dpitch, const void *src, size_t spitch,
		  size_t size, size_t height, enum dm_emu_dir dir,
		  struct dm_queue *q)
{
  if (q == NULL)
    {
      uint64_t until = dm_emu_link_reserve (dir, size * height);
      dm_emu_rows (dst, dpitch, src, spitch, size, height);
      dm_emu_link_wait (until);
      return 0;
    }
  struct dm_emu_op op = { .kind = DM_EMU_COPY };
  op.u.copy.dst = dst;
  op.u.copy.src = src;
  op.u.copy.size = size;
  op.u.copy.height = height;
  op.u.copy.dpitch = dpitch;
  op.u.copy.spitch = spitch;
  op.u.copy.dir = dir;
  return dm_emu_enqueue (q, &op);
}

static int
dm_emu_copy (void *dst, const void *src, size_t size, enum dm_emu_dir dir,
	     struct dm_queue *q)
{
  return dm_emu_copy_rows (dst, size, src, size, size, 1, dir, q);
}

static int
dm_emu_copy_2d (struct dm_backend_dev *dev, enum dm_copy_dir dir,
		uintptr_t dst, size_t dpitch, uintptr_t src, size_t spitch,
		size_t width, size_t height, struct dm_queue *q)
{
  enum dm_emu_dir d = dir == DM_COPY_H2D ? DM_EMU_H2D
		      : dir == DM_COPY_D2H ? DM_EMU_D2H : DM_EMU_D2D;
  return dm_emu_copy_rows ((void *) dst, dpitch, (const void *) src, spitch,
			   width, height, d, q);
}

static int
dm_emu_to_device (struct dm_backend_dev *dev, uintptr_t dst, const void *src,
		  size_t size, struct dm_queue *q)
{
  return dm_emu_copy ((void *) dst, src, size, DM_EMU_H2D, q);
}

static int
dm_emu_to_host (struct dm_backend_dev *dev, void *dst, uintptr_t src,
		size_t size, struct dm_queue *q)
{
  return dm_emu_copy (dst, (const void *) src, size, DM_EMU_D2H, q);
}

static int
dm_emu_device_to_device (struct dm_backend_dev *dev, uintptr_t dst,
			 uintptr_t src, size_t size, struct dm_queue *q)
{
  return dm_emu_copy ((void *) dst, (const void *) src, size, DM_EMU_D2D,
		      q);
}

/* The report's copies: the copy engine is the host CPU, which hashes
   the bytes as it moves them.  */
static int
dm_emu_copy_hashed (struct dm_backend_dev *dev, enum dm_copy_dir dir,
		    uintptr_t dst, size_t dpitch, uintptr_t src, size_t spitch,
		    size_t width, size_t height, uint64_t *hash)
{
  uint64_t until = dm_emu_link_reserve (dir == DM_COPY_H2D ? DM_EMU_H2D
					: DM_EMU_D2H, width * height);
  *hash = dm_emu_dma_copy_hashed ((void *) dst, dpitch, (const void *) src,
				  spitch, width, height);
  dm_emu_link_wait (until);
  return 0;
}

/* Regions and images.  */

static int
dm_emu_run (struct dm_backend_dev *dev, const struct dm_launch *launch,
	    struct dm_queue *q)
{
  if (q == NULL)
    return dm_emu_run_now (dev, launch);
  struct dm_emu_op op = { .kind = DM_EMU_RUN };
  op.u.launch = *launch;
  /* The caller's answer is gone by the time the queue runs it, and
     its list.  */
  op.u.launch.granted_teams = NULL;
  op.u.launch.host_args = NULL;
  return dm_emu_enqueue (q, &op);
}



struct dm_emu_globals_launch
{
  struct dm_backend_dev *dev;
  const struct dm_launch *launch;
};

static int
dm_emu_globals_launch (void *arg)
{
  struct dm_emu_globals_launch *l = arg;
  return dm_emu_run_now (l->dev, l->launch);
}

static int
dm_emu_run_with_globals (struct dm_backend_dev *dev,
			 const struct dm_launch *launch,
			 const struct dm_global_ref *refs, size_t n)
{
  struct dm_emu *e = dm_emu_state (dev);
  if (e == NULL)
    return -1;
  struct dm_emu_globals_launch l = { dev, launch };
  return dm_emu_globals_run (&e->globals, refs, n,
			     (uintptr_t *) launch->args, launch->host_args,
			     launch->nargs, dm_emu_globals_launch, &l);
}

/* Two tables that differ only in POISON, so that without poisoning the
   pool skips the call altogether.  No fini: at exit other threads may
   still run regions and copies on the device's memory (unmapping it under
   them crashed them), and the process's end returns it anyway.  */
#define DM_EMU_OPS(poison_fn)				\
  {							\
    .name = "emu",					\
    .mem_alloc = dm_emu_mem_alloc,			\
    .mem_free = dm_emu_mem_free,			\
    .mem_info = dm_emu_mem_info,			\
    .check_range = dm_emu_check_range,			\
    .poison = poison_fn,				\
    .clear = dm_emu_clear,				\
    .to_device = dm_emu_to_device,			\
    .to_host = dm_emu_to_host,				\
    .device_to_device = dm_emu_device_to_device,	\
    .copy_2d = dm_emu_copy_2d,				\
    .copy_hashed = dm_emu_copy_hashed,			\
    .queue_create = dm_emu_queue_create,		\
    .queue_destroy = dm_emu_queue_destroy,		\
    .queue_sync = dm_emu_queue_sync,			\
    .queue_callback = dm_emu_queue_callback,		\
    .run = dm_emu_run,					\
    .run_with_globals = dm_emu_run_with_globals,		\
    .runs_host_code = 1,				\
  }

static const struct dm_device_ops dm_emu_ops = DM_EMU_OPS (NULL);
static const struct dm_device_ops dm_emu_ops_poison
  = DM_EMU_OPS (dm_emu_poison);

static int
dm_emu_count (void)
{
  return 1;
}

static int
dm_emu_init (struct dm_backend_dev *dev, int index)
{
  struct dm_emu *e = calloc (1, sizeof *e);
  if (e == NULL)
    {
      dm_set_reason ("emulated device %d: out of host memory", dev->id);
      return -1;
    }
  pthread_mutex_init (&e->lock, NULL);
  long page = sysconf (_SC_PAGESIZE);
  e->page = page > 0 ? (size_t) page : 4096;
  e->capacity = dm_config.emu_memory;
  dev->backend = e;
  dev->ops = dm_config.emu_poison ? &dm_emu_ops_poison : &dm_emu_ops;
  return 0;
}

const struct dm_backend dm_emu_backend = { "emu", dm_emu_count, dm_emu_init };
