/* pool.h -- device memory pool: sub-allocates small blocks from large raw
   device allocations and keeps freed blocks for reuse, so that mapping a
   small object costs no driver call (the deep-copy paper's BASE+).
   Device-independent: it only calls the backend's mem_alloc/mem_free.
   Callers hold the device lock.  */
#ifndef DM_POOL_H
#define DM_POOL_H

#include <stddef.h>
#include <stdint.h>

struct dm_device;

/* Size classes: multiples of 16 bytes, four classes per power of two.  */
#define DM_POOL_NCLASSES 64
/* Larger requests get raw allocations of their own (cached on free).  */
#define DM_POOL_SMALL_MAX ((size_t) 1 << 20)

struct dm_pool_large;

struct dm_pool
{
  struct dm_pool_freelist
  {
    uintptr_t *addrs;
    size_t count, capacity;
  } free[DM_POOL_NCLASSES];
  uintptr_t carve_next, carve_end;	/* unused rest of the newest chunk */
  struct dm_pool_large *large_cache;	/* freed large blocks kept for reuse */
  size_t large_cached_bytes;
  size_t in_use;			/* bytes handed out (rounded) */
  size_t peak;				/* high-water mark of IN_USE */
  size_t raw_bytes;			/* bytes held from the backend */
  size_t chunk_size, small_max;		/* set on first use: smaller on a
					   small device (dm_pool_limits) */
  /* Set by whoever parks freed memory (the nowait queues, async.c):
     gives it back to the pool once nothing in flight may use it; nonzero
     when it gave some.  The pool calls it when out of memory.  */
  int (*reclaim) (struct dm_device *dev);
  struct dm_pool_user			/* blocks the program asked for */
  {					/* (omp_target_alloc), by address */
    uintptr_t addr;
    size_t size;			/* as asked for */
    size_t span;			/* as handed out: SIZE rounded up
					   (raw allocations: SIZE) */
  } *user;
  size_t nuser, capuser;
  /* The raw allocations held from the backend, by address (the same
     record as user blocks): whether an address is device memory at
     all (dm_pool_holds).  */
  struct dm_pool_user *raw;
  size_t nraw, capraw;
};

/* Hand out SIZE bytes (SIZE may be 0), 16-byte aligned at least (large
   blocks: as aligned as the backend's allocations).  On failure returns -1
   with a reason naming the bytes requested and free.  */
int dm_pool_alloc (struct dm_device *dev, size_t size, uintptr_t *out);

/* The same, holding zeros (dm_device_clear) instead of the poison of
   fresh memory.  */
int dm_pool_alloc_zeroed (struct dm_device *dev, size_t size,
			  uintptr_t *out);

/* Give back a block from dm_pool_alloc; SIZE as it was requested.  */
void dm_pool_free (struct dm_device *dev, uintptr_t addr, size_t size);

/* Blocks the program holds itself (omp_target_alloc): the pool keeps
   their addresses, so that omp_target_free and the device memory
   routines tell the runtime's pointers from anything else.  As
   dm_pool_alloc, recorded.  */
int dm_pool_alloc_user (struct dm_device *dev, size_t size, uintptr_t *out);

/* Free the program's block at ADDR and set *SIZE to its size; -1 (no
   reason set) when ADDR does not start one.  */
int dm_pool_free_user (struct dm_device *dev, uintptr_t addr, size_t *size);

/* The program's block that holds device address A: 1 with its start
   and size, or 0.  */
/* Does A lie in device memory the pool holds from the backend (mapped
   or not, in use or free)?  */
int dm_pool_holds (const struct dm_device *dev, uintptr_t a);

/* Does [S, E) (E == S: the byte at S) overlap that memory?  */
int dm_pool_overlaps (const struct dm_device *dev, uintptr_t s, uintptr_t e);

int dm_pool_user_block (const struct dm_device *dev, uintptr_t a,
			uintptr_t *start, size_t *size);

/* Whether device address A lies past the end of one of the program's
   blocks but within what the pool handed out for it (the rounding after
   it, which nothing else uses): 1 with the block's start and size.  */
int dm_pool_user_pad (const struct dm_device *dev, uintptr_t a,
		      uintptr_t *start, size_t *size);


#endif
