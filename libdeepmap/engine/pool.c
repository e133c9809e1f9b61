/* pool.c -- device memory pool (interface in pool.h).

   Small blocks come from size-class free lists, refilled by carving raw
   chunks; large blocks are raw allocations of their own, kept in a small
   cache after they are freed.  Every mapping allocates here, so the common
   path (a free list hit) touches no host allocator and no driver.  */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "engine/devstate.h"
#include "support/addrhash.h"
#include "support/error.h"
#include "support/sort.h"
#include "engine/pool.h"
#include "engine/stats.h"
#include "engine/transfer.h"

/* Raw chunk size for small blocks; comfortably above DM_POOL_SMALL_MAX so
   a chunk always serves at least two of the largest small blocks.  */
#define DM_POOL_CHUNK_SIZE ((size_t) 2 << 20)

/* Large raw allocations are rounded to pages, which makes nearby sizes
   share cached blocks and matches what backends allocate anyway.  */
#define DM_POOL_LARGE_ROUND ((size_t) 4096)

/* Bound on freed large blocks kept for reuse (both limits apply).  */
#define DM_POOL_CACHE_BLOCKS 8
#define DM_POOL_CACHE_BYTES ((size_t) 256 << 20)

#define DM_POOL_FREELIST_MIN 64

struct dm_pool_block
{
  uintptr_t addr;
  size_t size;
};

/* State of the large blocks.  LIVE maps each large block handed out to its
   raw size, because a reused block may be up to 1.25x the size its user
   frees it with (open addressing, linear probing, key 0 = empty).  CACHE
   holds freed blocks, oldest first.  */
struct dm_pool_large
{
  struct dm_pool_block *live;
  size_t live_mask;			/* slots - 1 */
  size_t live_count;
  struct dm_pool_block cache[DM_POOL_CACHE_BLOCKS];
  int ncached;
};

/* Size class of a small request: classes 0-3 are 16..64 bytes, then four
   per power of two of 16-byte units, so a block wastes under 25%.  */
static inline unsigned
dm_pool_class (size_t size)
{
  size_t units = (size + 15) >> 4;
  if (units <= 4)
    return units == 0 ? 0 : (unsigned) units - 1;
  size_t v = units - 1;
  unsigned k = 63 - (unsigned) __builtin_clzl ((unsigned long) v);
  /* V lies in [2^k, 2^(k+1)); its top three bits pick one of four
     classes (the top bit is always set).  */
  return 4 * (k - 2) + (unsigned) (v >> (k - 2));
}

/* Bytes of a block of class CLS (inverse of dm_pool_class).  */
static inline size_t
dm_pool_class_size (unsigned cls)
{
  if (cls < 4)
    return (size_t) (cls + 1) << 4;
  unsigned shift = cls / 4 - 1;
  size_t top = cls % 4 + 4;
  return ((top + 1) << shift) << 4;
}

static inline void
dm_pool_note_use (struct dm_pool *p, size_t bytes)
{
  p->in_use += bytes;
  if (p->in_use > p->peak)
    p->peak = p->in_use;
}

/* Push ADDR on free list L; 0 on success, -1 when the list cannot grow
   (the block is then lost, which wastes memory but stays correct).  */
static int
dm_pool_push (struct dm_pool_freelist *l, uintptr_t addr)
{
  if (l->count == l->capacity)
    {
      size_t cap = l->capacity ? 2 * l->capacity : DM_POOL_FREELIST_MIN;
      uintptr_t *a = realloc (l->addrs, cap * sizeof *a);
      if (a == NULL)
	return -1;
      l->addrs = a;
      l->capacity = cap;
    }
  l->addrs[l->count++] = addr;
  return 0;
}

/* The index in P->raw of the first range that starts above A.  */
static size_t
dm_pool_raw_after (const struct dm_pool *p, uintptr_t a)
{
  size_t lo = 0, hi = p->nraw;
  while (lo < hi)
    {
      size_t mid = lo + (hi - lo) / 2;
      if (p->raw[mid].addr <= a)
	lo = mid + 1;
      else
	hi = mid;
    }
  return lo;
}

/* Note (SIZE > 0) or forget (SIZE 0) the raw allocation at ADDR.  */
static void
dm_pool_raw_note (struct dm_pool *p, uintptr_t addr, size_t size)
{
  size_t i = dm_pool_raw_after (p, addr);
  if (size == 0)
    {
      if (i > 0 && p->raw[i - 1].addr == addr)
	{
	  memmove (&p->raw[i - 1], &p->raw[i],
		   (p->nraw - i) * sizeof p->raw[0]);
	  p->nraw--;
	}
      return;
    }
  if (p->nraw == p->capraw)
    {
      size_t cap = p->capraw ? 2 * p->capraw : 16;
      struct dm_pool_user *r = realloc (p->raw, cap * sizeof *r);
      if (!r)
	dm_fatal ("out of host memory recording device allocations");
      p->raw = r;
      p->capraw = cap;
    }
  memmove (&p->raw[i + 1], &p->raw[i], (p->nraw - i) * sizeof p->raw[0]);
  p->raw[i] = (struct dm_pool_user) { addr, size, size };
  p->nraw++;
}

int
dm_pool_holds (const struct dm_device *dev, uintptr_t a)
{
  const struct dm_pool *p = &dev->pool;
  size_t i = dm_pool_raw_after (p, a);
  return i > 0 && a - p->raw[i - 1].addr < p->raw[i - 1].size;
}

int
dm_pool_overlaps (const struct dm_device *dev, uintptr_t s, uintptr_t e)
{
  const struct dm_pool *p = &dev->pool;
  if (e <= s)
    e = s + 1;
  if (p->nraw == 0)
    return 0;
  /* Host data mostly lies below or above all of it.  */
  const struct dm_pool_user *last = &p->raw[p->nraw - 1];
  if (e <= p->raw[0].addr || s >= last->addr + last->size)
    return 0;
  /* The ranges are disjoint: only the last one starting before E can
     reach past S.  */
  size_t i = dm_pool_raw_after (p, e - 1);
  return i > 0 && p->raw[i - 1].addr + p->raw[i - 1].size > s;
}

/* Drop cached large blocks, oldest first, until at most KEEP_BLOCKS blocks
   and KEEP_BYTES bytes remain.  */
static void
dm_pool_trim_cache (struct dm_device *dev, int keep_blocks,
		    size_t keep_bytes)
{
  struct dm_pool *p = &dev->pool;
  struct dm_pool_large *lg = p->large_cache;
  if (lg == NULL)
    return;
  int drop = 0;
  while (lg->ncached - drop > keep_blocks
	 || (p->large_cached_bytes > keep_bytes && drop < lg->ncached))
    {
      struct dm_pool_block *b = &lg->cache[drop++];
      dev->ops->mem_free (&dev->core, b->addr, b->size);
      dm_pool_raw_note (p, b->addr, 0);
      p->large_cached_bytes -= b->size;
      p->raw_bytes -= b->size;
    }
  if (drop > 0)
    {
      memmove (lg->cache, lg->cache + drop,
	       (size_t) (lg->ncached - drop) * sizeof lg->cache[0]);
      lg->ncached -= drop;
    }
}

/* Get RAW bytes from the backend for a request of REQUESTED bytes.  On
   failure, give cached large blocks back and try once more before
   reporting.  */
static int
dm_pool_raw_alloc (struct dm_device *dev, size_t raw, size_t requested,
		   uintptr_t *out)
{
  struct dm_pool *p = &dev->pool;
  int ok = dev->ops->mem_alloc (&dev->core, raw, out) == 0;
  if (!ok && p->large_cache != NULL && p->large_cache->ncached > 0)
    {
      dm_pool_trim_cache (dev, 0, 0);
      ok = dev->ops->mem_alloc (&dev->core, raw, out) == 0;
    }
  if (ok)
    {
      p->raw_bytes += raw;
      dm_pool_raw_note (p, *out, raw);
      return 0;
    }
  size_t free_bytes = 0, total = 0;
  if (dev->ops->mem_info (&dev->core, &free_bytes, &total) != 0)
    free_bytes = total = 0;
  dm_set_reason ("out of device memory: %zu bytes requested, %zu bytes free "
		 "of %zu", requested, free_bytes, total);
  return -1;
}

/* The chunk size and the largest small request, once per device: on a
   small device (DEEPMAP_EMU_MEMORY=1M) a chunk takes at most a sixteenth
   of it and requests above half a chunk are large ones (page-rounded,
   not rounded to a size class), so that small capacities are usable.  */
static void
dm_pool_limits (struct dm_device *dev)
{
  struct dm_pool *p = &dev->pool;
  size_t chunk = DM_POOL_CHUNK_SIZE, free_bytes, total;
  if (dev->ops->mem_info (&dev->core, &free_bytes, &total) == 0)
    while (chunk > 4096 && chunk > total / 16)
      chunk /= 2;
  p->small_max = DM_POOL_SMALL_MAX < chunk / 2 ? DM_POOL_SMALL_MAX : chunk / 2;
  p->chunk_size = chunk;
}

/* Hand out a small block of class CLS.  */
static int
dm_pool_alloc_small (struct dm_device *dev, size_t size, unsigned cls,
		     uintptr_t *out)
{
  struct dm_pool *p = &dev->pool;
  struct dm_pool_freelist *l = &p->free[cls];
  size_t bytes = dm_pool_class_size (cls);

  if (l->count > 0)
    {
      *out = l->addrs[--l->count];
      return 0;
    }

  if (p->carve_end - p->carve_next < bytes)
    {
      /* A nearly full device still serves small blocks: halve the chunk
	 down to the block before giving up.  */
      size_t chunk_size = p->chunk_size < bytes ? bytes : p->chunk_size;
      uintptr_t addr;
      while (dm_pool_raw_alloc (dev, chunk_size, chunk_size, &addr) != 0)
	{
	  /* Only a device short of a chunk's memory gets a smaller try;
	     any other failure is reported as it is.  */
	  size_t free_bytes, total;
	  if (chunk_size == bytes
	      || dev->ops->mem_info (&dev->core, &free_bytes, &total) != 0
	      || free_bytes >= chunk_size)
	    return -1;
	  chunk_size = chunk_size / 2 > bytes ? chunk_size / 2 : bytes;
	}
      /* The rest of the old chunk is still good: file it under the
	 largest classes that fit instead of wasting it.  */
      uintptr_t rest = p->carve_next;
      size_t left = p->carve_end - p->carve_next;
      while (left >= 16)
	{
	  unsigned k = dm_pool_class (left);
	  if (dm_pool_class_size (k) > left)
	    k--;
	  size_t kb = dm_pool_class_size (k);
	  dm_pool_push (&p->free[k], rest);
	  rest += kb;
	  left -= kb;
	}
      p->carve_next = addr;
      p->carve_end = addr + chunk_size;
    }
  *out = p->carve_next;
  p->carve_next += bytes;
  return 0;
}

static inline size_t
dm_pool_hash (uintptr_t addr, size_t mask)
{
  /* Large blocks are page aligned: mix the page number.  */
  return dm_addr_hash (addr, 12, mask);
}

/* Make room for one more live large block; 0 on success.  */
static int
dm_pool_live_reserve (struct dm_pool_large *lg)
{
  if (lg->live != NULL && 2 * (lg->live_count + 1) <= lg->live_mask + 1)
    return 0;
  size_t slots = lg->live ? 2 * (lg->live_mask + 1) : 64;
  struct dm_pool_block *t = calloc (slots, sizeof *t);
  if (t == NULL)
    return -1;
  if (lg->live != NULL)
    for (size_t i = 0; i <= lg->live_mask; i++)
      if (lg->live[i].addr != 0)
	{
	  size_t j = dm_pool_hash (lg->live[i].addr, slots - 1);
	  while (t[j].addr != 0)
	    j = (j + 1) & (slots - 1);
	  t[j] = lg->live[i];
	}
  free (lg->live);
  lg->live = t;
  lg->live_mask = slots - 1;
  return 0;
}

static void
dm_pool_live_insert (struct dm_pool_large *lg, uintptr_t addr, size_t size)
{
  size_t j = dm_pool_hash (addr, lg->live_mask);
  while (lg->live[j].addr != 0)
    j = (j + 1) & lg->live_mask;
  lg->live[j].addr = addr;
  lg->live[j].size = size;
  lg->live_count++;
}

/* Remove ADDR from the live table and return its raw size; 0 if absent.  */
static size_t
dm_pool_live_remove (struct dm_pool_large *lg, uintptr_t addr)
{
  if (lg == NULL || lg->live == NULL || addr == 0)
    return 0;
  size_t mask = lg->live_mask;
  size_t j = dm_pool_hash (addr, mask);
  while (lg->live[j].addr != addr)
    {
      if (lg->live[j].addr == 0)
	return 0;
      j = (j + 1) & mask;
    }
  size_t size = lg->live[j].size;
  lg->live_count--;
  /* Backward-shift deletion keeps every probe chain unbroken without
     tombstones.  */
  size_t hole = j;
  for (size_t k = (j + 1) & mask; lg->live[k].addr != 0; k = (k + 1) & mask)
    {
      size_t home = dm_pool_hash (lg->live[k].addr, mask);
      /* Move K into the hole unless its home lies cyclically in
	 (HOLE, K].  */
      if (((k - home) & mask) >= ((k - hole) & mask))
	{
	  lg->live[hole] = lg->live[k];
	  hole = k;
	}
    }
  lg->live[hole].addr = 0;
  lg->live[hole].size = 0;
  return size;
}

static int
dm_pool_alloc_large (struct dm_device *dev, size_t size, uintptr_t *out,
		     size_t *bytes)
{
  struct dm_pool *p = &dev->pool;
  struct dm_pool_large *lg = p->large_cache;
  if (lg == NULL)
    {
      lg = calloc (1, sizeof *lg);
      if (lg == NULL)
	{
	  dm_set_reason ("out of host memory for the device pool");
	  return -1;
	}
      p->large_cache = lg;
    }
  if (dm_pool_live_reserve (lg) != 0)
    {
      dm_set_reason ("out of host memory for the device pool");
      return -1;
    }

  size_t raw = (size + DM_POOL_LARGE_ROUND - 1) & ~(DM_POOL_LARGE_ROUND - 1);

  /* Best fit among cached blocks no more than 25% too big.  */
  int best = -1;
  for (int i = 0; i < lg->ncached; i++)
    {
      size_t s = lg->cache[i].size;
      if (s >= size && s - size <= size / 4
	  && (best < 0 || s < lg->cache[best].size))
	best = i;
    }
  if (best >= 0)
    {
      *out = lg->cache[best].addr;
      *bytes = lg->cache[best].size;
      p->large_cached_bytes -= *bytes;
      memmove (&lg->cache[best], &lg->cache[best + 1],
	       (size_t) (lg->ncached - best - 1) * sizeof lg->cache[0]);
      lg->ncached--;
    }
  else
    {
      if (dm_pool_raw_alloc (dev, raw, size, out) != 0)
	return -1;
      *bytes = raw;
    }
  dm_pool_live_insert (lg, *out, *bytes);
  return 0;
}

/* dm_pool_alloc without the poison: *BYTES gets what was handed out.  */
static inline int
dm_pool_take (struct dm_device *dev, size_t size, uintptr_t *out,
	      size_t *bytes_out)
{
  struct dm_pool *p = &dev->pool;
  size_t bytes;
  int r;
  /* Rounding must not wrap: no device holds half the address space.  */
  if (size > PTRDIFF_MAX)
    {
      dm_set_reason ("%zu bytes is more than any device can hold (a "
		     "negative or wrapped size?)", size);
      return -1;
    }
  if (__builtin_expect (p->chunk_size == 0, 0))
    dm_pool_limits (dev);
  /* Memory nowait constructs freed may be parked still: once nothing is
     in flight it can serve this request (the reclaim hook).  */
  do
    if (size <= p->small_max)
      {
	unsigned cls = dm_pool_class (size);
	r = dm_pool_alloc_small (dev, size, cls, out);
	bytes = dm_pool_class_size (cls);
      }
    else
      r = dm_pool_alloc_large (dev, size, out, &bytes);
  while (r != 0 && p->reclaim && p->reclaim (dev));
  if (r != 0)
    return -1;

  dm_pool_note_use (p, bytes);
  dm_stats_add (&dev->stats.allocs, 1);
  *bytes_out = bytes;
  return 0;
}

/* dm_pool_alloc; *BYTES gets what was handed out (SIZE rounded up).  */
static int
dm_pool_alloc_span (struct dm_device *dev, size_t size, uintptr_t *out,
		    size_t *bytes)
{
  if (dm_pool_take (dev, size, out, bytes) != 0)
    return -1;
  if (dev->ops->poison != NULL)
    dev->ops->poison (&dev->core, *out, *bytes);
  return 0;
}

int
dm_pool_alloc (struct dm_device *dev, size_t size, uintptr_t *out)
{
  size_t bytes;
  return dm_pool_alloc_span (dev, size, out, &bytes);
}

int
dm_pool_alloc_zeroed (struct dm_device *dev, size_t size, uintptr_t *out)
{
  size_t bytes;
  if (dm_pool_take (dev, size, out, &bytes) != 0)
    return -1;
  if (dm_device_clear (dev, *out, size) != 0)
    {
      dm_pool_free (dev, *out, size);
      return -1;
    }
  return 0;
}

void
dm_pool_free (struct dm_device *dev, uintptr_t addr, size_t size)
{
  struct dm_pool *p = &dev->pool;
  dm_stats_add (&dev->stats.frees, 1);
  if (size <= p->small_max)
    {
      unsigned cls = dm_pool_class (size);
      p->in_use -= dm_pool_class_size (cls);
      dm_pool_push (&p->free[cls], addr);
      return;
    }

  struct dm_pool_large *lg = p->large_cache;
  size_t bytes = dm_pool_live_remove (lg, addr);
  if (bytes == 0)
    dm_fatal ("device %d: pool asked to free %#jx (%zu bytes), which it "
	      "did not hand out", dev->id, (uintmax_t) addr, size);
  p->in_use -= bytes;
  if (bytes > DM_POOL_CACHE_BYTES)
    {
      dev->ops->mem_free (&dev->core, addr, bytes);
      dm_pool_raw_note (p, addr, 0);
      p->raw_bytes -= bytes;
      return;
    }
  /* Make room first, so the new block is never the one evicted.  */
  dm_pool_trim_cache (dev, DM_POOL_CACHE_BLOCKS - 1,
		      DM_POOL_CACHE_BYTES - bytes);
  lg->cache[lg->ncached].addr = addr;
  lg->cache[lg->ncached].size = bytes;
  lg->ncached++;
  p->large_cached_bytes += bytes;
}

/* ---- the program's blocks ------------------------------------------ */

/* The index of the first user block whose address is above A.  */
static size_t
dm_pool_user_after (const struct dm_pool *p, uintptr_t a)
{
  return dm_count_upto (p->user, p->nuser, sizeof *p->user,
			offsetof (struct dm_pool_user, addr), a);
}

int
dm_pool_alloc_user (struct dm_device *dev, size_t size, uintptr_t *out)
{
  struct dm_pool *p = &dev->pool;
  if (p->nuser == p->capuser)
    {
      size_t cap = p->capuser ? 2 * p->capuser : 16;
      struct dm_pool_user *u = realloc (p->user, cap * sizeof *u);
      if (!u)
	{
	  dm_set_reason ("out of host memory recording %zu device blocks",
			 cap);
	  return -1;
	}
      p->user = u;
      p->capuser = cap;
    }
  size_t span;
  if (dm_pool_alloc_span (dev, size, out, &span) != 0)
    return -1;
  /* Kept sorted: programs hold few such blocks, and lookups dominate.  */
  size_t i = dm_pool_user_after (p, *out);
  memmove (p->user + i + 1, p->user + i, (p->nuser - i) * sizeof *p->user);
  p->user[i] = (struct dm_pool_user) { *out, size, span };
  p->nuser++;
  return 0;
}

int
dm_pool_free_user (struct dm_device *dev, uintptr_t addr, size_t *size)
{
  struct dm_pool *p = &dev->pool;
  size_t i = dm_pool_user_after (p, addr);
  if (i == 0 || p->user[i - 1].addr != addr)
    return -1;
  *size = p->user[i - 1].size;
  memmove (p->user + i - 1, p->user + i, (p->nuser - i) * sizeof *p->user);
  p->nuser--;
  dm_pool_free (dev, addr, *size);
  return 0;
}

int
dm_pool_user_pad (const struct dm_device *dev, uintptr_t a,
		  uintptr_t *start, size_t *size)
{
  const struct dm_pool *p = &dev->pool;
  size_t i = dm_pool_user_after (p, a);
  if (i == 0)
    return 0;
  const struct dm_pool_user *u = &p->user[i - 1];
  if (a < u->addr + u->size || a - u->addr >= u->span)
    return 0;
  *start = u->addr;
  *size = u->size;
  return 1;
}

int
dm_pool_user_block (const struct dm_device *dev, uintptr_t a,
		    uintptr_t *start, size_t *size)
{
  const struct dm_pool *p = &dev->pool;
  size_t i = dm_pool_user_after (p, a);
  if (i == 0 || a >= p->user[i - 1].addr + p->user[i - 1].size)
    return 0;
  *start = p->user[i - 1].addr;
  *size = p->user[i - 1].size;
  return 1;
}

