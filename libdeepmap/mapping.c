/* mapping.c -- OpenMP 5.1 mapping semantics for the constructs GCC 12
   emits: map types and modifiers, reference counts (adjusted at most once
   per construct), struct members, pointer attachment, firstprivate data,
   use_device_ptr/addr, and the translated address array of a region.

   Every list item resolves to a mapping of the table (maptable.h); new
   mappings get a device block from the pool.  All of a construct's work
   happens under the device lock, so concurrent host threads see each
   construct as one step.  */
#include <alloca.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config.h"
#include "device.h"
#include "error.h"
#include "mapping.h"
#include "ompabi.h"
#include "transfer.h"

/* Everything an error message needs to say where it happened.  */
struct dm_ctx
{
  struct dm_device *dev;
  enum dm_construct construct;
  unsigned mark;		/* this construct's number */
};

const char *
dm_construct_name (enum dm_construct c)
{
  switch (c)
    {
    case DM_CONSTRUCT_TARGET: return "target";
    case DM_CONSTRUCT_DATA: return "target data";
    case DM_CONSTRUCT_ENTER_DATA: return "target enter data";
    case DM_CONSTRUCT_EXIT_DATA: return "target exit data";
    case DM_CONSTRUCT_UPDATE: return "target update";
    default: return "device memory routine";
    }
}

/* Report an error of construct CTX and exit; the lock is released first
   so that exit handlers can still look at the device.  */
static void __attribute__ ((noreturn, format (printf, 2, 3)))
dm_fail (struct dm_ctx *ctx, const char *fmt, ...)
{
  char msg[700];
  va_list ap;
  va_start (ap, fmt);
  vsnprintf (msg, sizeof msg, fmt, ap);
  va_end (ap);
  pthread_mutex_unlock (&ctx->dev->lock);
  dm_fatal ("%s on device %d (%s): %s", dm_construct_name (ctx->construct),
	    ctx->dev->id, ctx->dev->ops->name, msg);
}

/* ---- nodes ---------------------------------------------------------- */

static struct dm_mapping *
dm_mapping_new (struct dm_ctx *ctx)
{
  struct dm_device *dev = ctx->dev;
  struct dm_mapping *m = dev->free_mappings;
  if (m)
    dev->free_mappings = m->free_next;
  else if (!(m = malloc (sizeof *m)))
    dm_fail (ctx, "out of host memory for the mapping table");
  memset (m, 0, sizeof *m);
  return m;
}

static struct dm_block *
dm_block_new (struct dm_ctx *ctx)
{
  struct dm_device *dev = ctx->dev;
  struct dm_block *b = dev->free_blocks;
  if (b)
    dev->free_blocks = b->next;
  else if (!(b = malloc (sizeof *b)))
    dm_fail (ctx, "out of host memory for the mapping table");
  memset (b, 0, sizeof *b);
  return b;
}

/* A device block mirroring host [START, END), its device address aligned
   to ALIGN.  */
static struct dm_block *
dm_block_alloc (struct dm_ctx *ctx, uintptr_t start, uintptr_t end,
		size_t align)
{
  struct dm_block *b = dm_block_new (ctx);
  size_t size = end - start;
  size_t pad = align > 16 ? align - 1 : 0;
  if (dm_pool_alloc (ctx->dev, size + pad, &b->alloc_addr) != 0)
    {
      b->next = ctx->dev->free_blocks;
      ctx->dev->free_blocks = b;
      dm_fail (ctx, "cannot map host [%p, %p) (%zu bytes): %s",
	       (void *) start, (void *) end, size, dm_reason ());
    }
  b->alloc_size = size + pad;
  b->host_start = start;
  b->host_end = end;
  b->dev_start = pad ? (b->alloc_addr + pad) & ~(uintptr_t) (align - 1)
		     : b->alloc_addr;
  b->owned = 1;
  return b;
}

static void
dm_block_unref (struct dm_device *dev, struct dm_block *b)
{
  if (--b->nmappings)
    return;
  if (b->owned)
    dm_pool_free (dev, b->alloc_addr, b->alloc_size);
  b->next = dev->free_blocks;
  dev->free_blocks = b;
}

/* Enter a new mapping of host [START, END) served by block B.  */
static struct dm_mapping *
dm_mapping_add (struct dm_ctx *ctx, uintptr_t start, uintptr_t end,
		struct dm_block *b, const struct dm_maptable_pos *hint)
{
  struct dm_mapping *m = dm_mapping_new (ctx);
  m->host_start = start;
  m->host_end = end;
  m->block = b;
  b->nmappings++;
  if (hint)
    dm_maptable_insert_at (&ctx->dev->table, m, hint);
  else
    dm_maptable_insert (&ctx->dev->table, m);
  return m;
}

static void
dm_mapping_remove (struct dm_device *dev, struct dm_mapping *m,
		   const struct dm_maptable_pos *hint)
{
  if (hint)
    dm_maptable_remove_at (&dev->table, m, hint);
  else
    dm_maptable_remove (&dev->table, m);
  dm_block_unref (dev, m->block);
  free (m->attach_counts);
  m->attach_counts = NULL;
  m->free_next = dev->free_mappings;
  dev->free_mappings = m;
}

/* ---- lookup --------------------------------------------------------- */

/* The mapping containing the point P: one whose bytes include P, else an
   empty mapping at P, else (with ALLOW_END) one that ends at P, which is
   where a pointer one past an array points.  */
static struct dm_mapping *
dm_lookup_point (struct dm_device *dev, uintptr_t p, int allow_end)
{
  struct dm_mapping *m = dm_maptable_floor (&dev->table, p);
  if (m && (p < m->host_end || m->host_start == p))
    return m;
  if (allow_end && m && m->host_end == p && m->host_start != p)
    return m;
  return NULL;
}

/* Find what covers host [START, END) (END > START).  Returns the mapping
   that contains the range, or NULL with *OVERLAP set to a mapping that
   shares bytes with it (or NULL if none does).  Empty mappings hold no
   bytes and never overlap.  *POS, if given, is the place of the floor of
   START, where a new mapping for the range goes.  One search serves
   both.  */
static struct dm_mapping *
dm_lookup_range_pos (struct dm_device *dev, uintptr_t start, uintptr_t end,
		     struct dm_mapping **overlap, struct dm_maptable_pos *pos)
{
  struct dm_maptable_pos p;
  struct dm_mapping *m = dm_maptable_floor_pos (&dev->table, start, &p);
  *overlap = NULL;
  if (pos)
    *pos = p;
  if (m && m->host_end > start)
    {
      if (m->host_end >= end)
	return m;
      *overlap = m;
      return NULL;
    }
  struct dm_mapping *n;
  while ((n = dm_maptable_step (&dev->table, &p)) && n->host_start < end)
    if (n->host_end > n->host_start)
      {
	*overlap = n;
	return NULL;
      }
  return NULL;
}

static inline struct dm_mapping *
dm_lookup_range (struct dm_device *dev, uintptr_t start, uintptr_t end,
		 struct dm_mapping **overlap)
{
  return dm_lookup_range_pos (dev, start, end, overlap, NULL);
}

/* Lookup for a map clause item: [START, START+SIZE), SIZE may be 0.  */
static struct dm_mapping *
dm_lookup_item (struct dm_device *dev, uintptr_t start, size_t size,
		struct dm_mapping **overlap, struct dm_maptable_pos *pos)
{
  if (size == 0)
    {
      *overlap = NULL;
      if (pos)
	{
	  struct dm_mapping *f
	    = dm_maptable_floor_pos (&dev->table, start, pos);
	  return f && (start < f->host_end || f->host_start == start)
		 ? f : NULL;
	}
      return dm_lookup_point (dev, start, 0);
    }
  return dm_lookup_range_pos (dev, start, start + size, overlap, pos);
}

static void __attribute__ ((noreturn))
dm_fail_overlap (struct dm_ctx *ctx, uintptr_t start, size_t size,
		 struct dm_mapping *old)
{
  dm_fail (ctx, "host [%p, %p) (%zu bytes) partially overlaps the mapped "
	   "[%p, %p); mapping touching or overlapping parts of one object "
	   "is not supported yet", (void *) start, (void *) (start + size),
	   size, (void *) old->host_start, (void *) old->host_end);
}

/* ---- copies that respect attached pointers -------------------------- */

/* Copy host [START, END) of mapping M to the device (TO) or back, except
   for pointer slots that are attached: their device value is a device
   pointer and their host value a host pointer; neither may overwrite the
   other.  */
static void
dm_copy_range (struct dm_ctx *ctx, struct dm_mapping *m, uintptr_t start,
	       uintptr_t end, int to_device)
{
  int r = 0;
  if (!m->attach_counts)
    {
      uintptr_t d = dm_mapping_dev (m, start);
      r = to_device
	  ? dm_copy_to_device (ctx->dev, d, (void *) start, end - start, NULL)
	  : dm_copy_to_host (ctx->dev, (void *) start, d, end - start, NULL);
    }
  else
    {
      /* Walk the range in runs of unattached bytes.  */
      uintptr_t run = start;
      const uintptr_t w = sizeof (void *);
      uintptr_t slot = m->host_start + ((start - m->host_start) / w) * w;
      for (; slot < end && r == 0; slot += w)
	{
	  size_t idx = (slot - m->host_start) / w;
	  if (!m->attach_counts[idx])
	    continue;
	  uintptr_t s0 = slot < start ? start : slot;
	  if (s0 > run)
	    r = to_device
		? dm_copy_to_device (ctx->dev, dm_mapping_dev (m, run),
				     (void *) run, s0 - run, NULL)
		: dm_copy_to_host (ctx->dev, (void *) run,
				   dm_mapping_dev (m, run), s0 - run, NULL);
	  run = slot + w;
	}
      if (r == 0 && run < end)
	r = to_device
	    ? dm_copy_to_device (ctx->dev, dm_mapping_dev (m, run),
				 (void *) run, end - run, NULL)
	    : dm_copy_to_host (ctx->dev, (void *) run, dm_mapping_dev (m, run),
			       end - run, NULL);
    }
  if (r != 0)
    dm_fail (ctx, "copying host [%p, %p) %s the device failed: %s",
	     (void *) start, (void *) end, to_device ? "to" : "from",
	     dm_reason ());
}

static void
dm_write_pointer (struct dm_ctx *ctx, uintptr_t devaddr, uintptr_t value)
{
  if (dm_copy_to_device (ctx->dev, devaddr, &value, sizeof value, NULL) != 0)
    dm_fail (ctx, "writing a pointer to device address %p failed: %s",
	     (void *) devaddr, dm_reason ());
}

/* ---- reference counts ----------------------------------------------- */

/* Take this construct's reference on M; at most one per construct
   (OpenMP 5.0 and later).  Returns nonzero if this call took it.  */
static int
dm_ref (struct dm_ctx *ctx, struct dm_mapping *m)
{
  if (m->refcount == DM_REFCOUNT_INFINITE || m->construct_mark == ctx->mark)
    return 0;
  m->construct_mark = ctx->mark;
  m->refcount++;
  return 1;
}

/* ---- entering list items -------------------------------------------- */

static inline int
dm_item_kind (unsigned short k, int *implicit)
{
  int kind = k & 0xff;
  *implicit = (kind & DM_MAP_SPECIAL_BITS) == DM_MAP_IMPLICIT;
  if (*implicit)
    kind &= ~DM_MAP_IMPLICIT;
  return kind;
}

static inline size_t
dm_item_align (unsigned short k)
{
  return (size_t) 1 << (k >> 8);
}

/* Map one ordinary item (alloc/to/from/tofrom and their always/force
   forms) and return the mapping; ITEM, if given, records what to do at
   the end of the construct.  BLOCK_HINT: the device block of the struct
   this item is a member of, or NULL.  */
static struct dm_mapping *
dm_enter_item (struct dm_ctx *ctx, uintptr_t host, size_t size, int kind,
	       size_t align, int implicit, struct dm_block *block_hint,
	       struct dm_env_item *item)
{
  struct dm_mapping *overlap, *m;
  struct dm_maptable_pos pos;
  uintptr_t end = host + size;

  m = dm_lookup_item (ctx->dev, host, size, &overlap, &pos);
  if (!m && overlap && implicit)
    {
      /* OpenMP 5.1: an implicitly mapped object that contains an existing
	 mapping uses that mapping.  */
      if (overlap->host_start >= host && overlap->host_end <= end)
	{
	  m = overlap;
	  host = m->host_start;
	  size = m->host_end - m->host_start;
	  end = host + size;
	}
    }
  if (!m && overlap)
    dm_fail_overlap (ctx, host, size, overlap);

  int counted;
  if (m)
    {
      if (kind & DM_MAP_FLAG_FORCE)
	dm_fail (ctx, "host [%p, %p) is already mapped and the map type "
		 "forces a new mapping", (void *) host, (void *) end);
      counted = dm_ref (ctx, m);
      if (dm_kind_always_to (kind) && size)
	dm_copy_range (ctx, m, host, end, 1);
    }
  else
    {
      if (kind == DM_MAP_FORCE_PRESENT)
	dm_fail (ctx, "host [%p, %p) (%zu bytes) must be present but is not "
		 "mapped", (void *) host, (void *) end, size);
      struct dm_block *b = block_hint;
      if (!b)
	b = dm_block_alloc (ctx, host, end, align);
      /* The search above found where the new mapping goes, unless an
	 entry with the same start (an empty mapping) is in the way.  */
      struct dm_mapping *f = dm_maptable_at (&ctx->dev->table, &pos);
      m = dm_mapping_add (ctx, host, end, b,
			  !f || f->host_start < host ? &pos : NULL);
      m->construct_mark = ctx->mark;
      m->refcount = 1;
      counted = 1;
      if (dm_kind_copies_to (kind) && size)
	dm_copy_range (ctx, m, host, end, 1);
    }
  if (item)
    {
      item->m = m;
      item->host = host;
      item->size = size;
      item->counted = counted;
      item->copy_from = dm_kind_copies_from (kind);
      item->always_from = dm_kind_always_from (kind);
    }
  return m;
}

/* Map the members of a struct: entry I is GOMP_MAP_STRUCT, its size the
   number of members that follow, sorted by address.  Members mapped
   together share one device block, so that the struct's device layout
   matches the host's between them.  */
static void
dm_enter_struct (struct dm_ctx *ctx, size_t i, void **hostaddrs,
		 size_t *sizes, unsigned short *kinds, uintptr_t *devaddrs,
		 struct dm_env_item *items)
{
  size_t first = i + 1, last = i + sizes[i];
  uintptr_t start = (uintptr_t) hostaddrs[first];
  uintptr_t end = (uintptr_t) hostaddrs[last] + sizes[last];
  struct dm_mapping *overlap;
  struct dm_block *block = NULL;

  if (!dm_lookup_range (ctx->dev, start, end > start ? end : start + 1,
			&overlap)
      && !overlap)
    block = dm_block_alloc (ctx, start, end, dm_item_align (kinds[i]));

  for (size_t j = first; j <= last; j++)
    {
      int implicit;
      int kind = dm_item_kind (kinds[j], &implicit);
      uintptr_t h = (uintptr_t) hostaddrs[j];
      struct dm_block *hint = block;
      if (!hint)
	{
	  /* Some members are mapped already: a new member must fall inside
	     the block they share.  */
	  struct dm_mapping *ov, *m = dm_lookup_item (ctx->dev, h, sizes[j],
						      &ov, NULL);
	  if (!m && !ov)
	    {
	      struct dm_mapping *near = dm_maptable_floor (&ctx->dev->table, h);
	      if (near && near->block->host_start <= h
		  && h + sizes[j] <= near->block->host_end)
		hint = near->block;
	      else if ((near = dm_maptable_ceil (&ctx->dev->table, h))
		       && near->block->host_start <= h
		       && h + sizes[j] <= near->block->host_end)
		hint = near->block;
	      else
		dm_fail (ctx, "struct member at host [%p, %p) is not mapped, "
			 "but other members of the same struct are and it "
			 "was not mapped together with them", (void *) h,
			 (void *) (h + sizes[j]));
	    }
	}
      struct dm_mapping *m
	= dm_enter_item (ctx, h, sizes[j], kind, dm_item_align (kinds[j]),
			 implicit, hint, items ? &items[j] : NULL);
      if (devaddrs)
	devaddrs[j] = dm_mapping_dev (m, h);
    }
  if (devaddrs)
    {
      /* The struct entry itself translates to the struct's base.  */
      uintptr_t base = (uintptr_t) hostaddrs[i];
      devaddrs[i] = devaddrs[first] - ((uintptr_t) hostaddrs[first] - base);
    }
}

/* Set the device copy of the pointer at host address SLOT (inside mapping
   M) to the device address of what it points to, plus BIAS adjustments:
   GOMP_MAP_ATTACH.  */
static void
dm_attach (struct dm_ctx *ctx, struct dm_mapping *m, uintptr_t slot,
	   size_t bias, int allow_null_target, struct dm_env_item *item)
{
  const size_t w = sizeof (void *);
  size_t idx = (slot - m->host_start) / w;
  if (!m->attach_counts)
    {
      size_t n = (m->host_end - m->host_start + w - 1) / w;
      m->attach_counts = calloc (n ? n : 1, sizeof *m->attach_counts);
      if (!m->attach_counts)
	dm_fail (ctx, "out of host memory for attachment counts");
    }
  if (m->attach_counts[idx] == UINT32_MAX)
    dm_fail (ctx, "too many attachments of the pointer at host %p",
	     (void *) slot);
  if (item)
    {
      item->m = m;
      item->host = slot;
      item->attach = 1;
    }
  if (m->attach_counts[idx]++ > 0)
    return;

  uintptr_t target = *(uintptr_t *) slot, value = 0;
  if (target == 0)
    value = 0;
  else
    {
      struct dm_mapping *t = dm_lookup_point (ctx->dev, target + bias, 0);
      if (t)
	value = dm_mapping_dev (t, target);
      else if (!allow_null_target)
	dm_fail (ctx, "cannot attach the pointer at host %p: what it points "
		 "to (host %p) is not mapped", (void *) slot, (void *) target);
    }
  dm_write_pointer (ctx, dm_mapping_dev (m, slot), value);
}

/* Undo one attachment of the pointer at SLOT in M; at the last one the
   device copy gets the host pointer value back.  */
static void
dm_detach (struct dm_ctx *ctx, struct dm_mapping *m, uintptr_t slot,
	   int finalize)
{
  const size_t w = sizeof (void *);
  size_t idx = (slot - m->host_start) / w;
  if (!m->attach_counts || m->attach_counts[idx] == 0)
    return;
  if (finalize)
    m->attach_counts[idx] = 1;
  if (--m->attach_counts[idx] == 0)
    dm_write_pointer (ctx, dm_mapping_dev (m, slot), *(uintptr_t *) slot);
}

/* GOMP_MAP_POINTER: the device copy of the pointer variable at SLOT gets
   the device address of the array section it points into (minus BIAS).  */
static void
dm_set_section_pointer (struct dm_ctx *ctx, struct dm_mapping *m,
			uintptr_t slot, size_t bias, int allow_missing)
{
  uintptr_t target = *(uintptr_t *) slot, value = 0;
  if (target)
    {
      struct dm_mapping *t = dm_lookup_point (ctx->dev, target + bias, 1);
      if (t)
	value = dm_mapping_dev (t, target + bias) - bias;
      else if (!allow_missing)
	dm_fail (ctx, "the array section that the pointer at host %p points "
		 "to (host %p) is not mapped", (void *) slot,
		 (void *) (target + bias));
    }
  dm_write_pointer (ctx, dm_mapping_dev (m, slot), value);
}

static unsigned
dm_next_mark (struct dm_device *dev)
{
  if (++dev->construct_mark == 0)
    ++dev->construct_mark;
  return dev->construct_mark;
}

/* ---- environments --------------------------------------------------- */

/* Recycled construct records of this thread: a target data region costs
   no malloc in steady state.  */
static __thread struct dm_env *dm_env_cache;

static struct dm_env *
dm_env_get (size_t n)
{
  struct dm_env **link = &dm_env_cache, *e;
  for (e = *link; e; link = &e->prev, e = *link)
    if (e->capacity >= n)
      {
	*link = e->prev;
	break;
      }
  if (!e)
    {
      size_t cap = n < 8 ? 8 : n;
      e = malloc (sizeof *e + cap * sizeof e->items[0]);
      if (!e)
	dm_fatal ("out of host memory for a construct of %zu list items", n);
      e->capacity = cap;
    }
  e->prev = NULL;
  e->dev = NULL;
  e->block = 0;
  e->block_size = 0;
  e->args = 0;
  e->n = n;
  memset (e->items, 0, n * sizeof e->items[0]);
  return e;
}

static void
dm_env_put (struct dm_env *e)
{
  /* Keep a few small records; give big ones back.  */
  if (e->capacity > 64)
    {
      free (e);
      return;
    }
  e->prev = dm_env_cache;
  dm_env_cache = e;
}

struct dm_env *
dm_host_env (void)
{
  return dm_env_get (0);
}

/* ---- constructs ----------------------------------------------------- */

struct dm_env *
dm_map_construct (struct dm_device *dev, enum dm_construct c, size_t mapnum,
		  void **hostaddrs, size_t *sizes, unsigned short *kinds)
{
  struct dm_env *env = dm_env_get (mapnum);
  struct dm_ctx ctx = { dev, c, 0 };
  int target = c == DM_CONSTRUCT_TARGET;
  env->dev = dev;

  /* The region's argument block: the address array, then firstprivate
     copies, staged on the host and sent in one transfer.  */
  size_t fp_size = target ? mapnum * sizeof (void *) : 0, fp_align = 16;
  for (size_t i = 0; i < mapnum; i++)
    if ((kinds[i] & 0xff) == DM_MAP_FIRSTPRIVATE && hostaddrs[i])
      {
	size_t a = dm_item_align (kinds[i]);
	if (a > fp_align)
	  fp_align = a;
	fp_size = (fp_size + a - 1) & ~(a - 1);
	fp_size += sizes[i];
      }
  char *stage = NULL;
  int stage_on_heap = fp_size > 4096;
  if (fp_size)
    {
      stage = stage_on_heap ? malloc (fp_size) : alloca (fp_size);
      if (!stage)
	dm_fatal ("out of host memory staging %zu bytes of firstprivate data",
		  fp_size);
    }
  uintptr_t *devaddrs = target ? (uintptr_t *) stage : alloca (mapnum * sizeof (uintptr_t) + 1);

  pthread_mutex_lock (&dev->lock);
  ctx.mark = dm_next_mark (dev);
  if (fp_size)
    {
      if (dm_pool_alloc (dev, fp_size + fp_align, &env->block) != 0)
	dm_fail (&ctx, "cannot allocate the region's %zu-byte argument "
		 "block: %s", fp_size, dm_reason ());
      env->block_size = fp_size + fp_align;
    }
  uintptr_t block_dev = (env->block + fp_align - 1) & ~(uintptr_t) (fp_align - 1);

  /* Pass 1: everything that creates or finds mappings.  */
  for (size_t i = 0; i < mapnum; i++)
    {
      int implicit;
      int kind = dm_item_kind (kinds[i], &implicit);
      uintptr_t h = (uintptr_t) hostaddrs[i];
      devaddrs[i] = 0;
      switch (kind)
	{
	case DM_MAP_FIRSTPRIVATE_INT:
	  devaddrs[i] = h;
	  continue;
	case DM_MAP_FIRSTPRIVATE:
	case DM_MAP_USE_DEVICE_PTR:
	case DM_MAP_USE_DEVICE_PTR_IF_PRESENT:
	case DM_MAP_ALWAYS_POINTER:
	case DM_MAP_ATTACH:
	case DM_MAP_ATTACH_ZERO_LENGTH_ARRAY_SECTION:
	case DM_MAP_DETACH:
	case DM_MAP_FORCE_DETACH:
	case DM_MAP_FORCE_DEVICEPTR:
	  continue;		/* pass 2 */
	}
      if (!h)
	continue;
      switch (kind)
	{
	case DM_MAP_STRUCT:
	  dm_enter_struct (&ctx, i, hostaddrs, sizes, kinds, devaddrs,
			   env->items);
	  i += sizes[i];
	  break;
	case DM_MAP_ZERO_LEN_ARRAY_SECTION:
	  {
	    /* Translate if present, else NULL; never creates a mapping.  */
	    struct dm_mapping *m = dm_lookup_point (dev, h, 0);
	    if (m)
	      {
		env->items[i].m = m;
		env->items[i].host = h;
		env->items[i].counted = dm_ref (&ctx, m);
		devaddrs[i] = dm_mapping_dev (m, h);
	      }
	    break;
	  }
	case DM_MAP_IF_PRESENT:
	  {
	    struct dm_mapping *ov, *m = dm_lookup_item (dev, h, sizes[i], &ov, NULL);
	    if (m)
	      {
		env->items[i].m = m;
		env->items[i].host = h;
		env->items[i].counted = dm_ref (&ctx, m);
		devaddrs[i] = dm_mapping_dev (m, h);
	      }
	    else
	      devaddrs[i] = h;
	    break;
	  }
	case DM_MAP_POINTER:
	case DM_MAP_POINTER_TO_ZERO_LENGTH_ARRAY_SECTION:
	  {
	    /* The pointer variable itself; its size field is the bias.  */
	    struct dm_mapping *ov, *m = dm_lookup_item (dev, h, sizeof (void *),
							&ov, NULL);
	    if (!m && ov)
	      dm_fail_overlap (&ctx, h, sizeof (void *), ov);
	    if (m)
	      {
		env->items[i].m = m;
		env->items[i].host = h;
		env->items[i].counted = dm_ref (&ctx, m);
	      }
	    else
	      {
		m = dm_enter_item (&ctx, h, sizeof (void *), DM_MAP_ALLOC,
				   sizeof (void *), 0, NULL, &env->items[i]);
		dm_set_section_pointer (&ctx, m, h, sizes[i],
					kind != DM_MAP_POINTER);
	      }
	    devaddrs[i] = dm_mapping_dev (m, h);
	    break;
	  }
	case DM_MAP_DELETE:
	case DM_MAP_RELEASE:
	case DM_MAP_DELETE_ZERO_LEN_ARRAY_SECTION:
	  dm_fail (&ctx, "map type %#x (release/delete) is only valid on "
		   "target exit data", kind);
	default:
	  {
	    struct dm_mapping *m
	      = dm_enter_item (&ctx, h, sizes[i], kind,
			       dm_item_align (kinds[i]), implicit, NULL,
			       &env->items[i]);
	    devaddrs[i] = dm_mapping_dev (m, env->items[i].host)
			  + (h - env->items[i].host);
	    break;
	  }
	}
    }

  /* Pass 2: items that refer to what pass 1 mapped.  */
  size_t fp_off = target ? mapnum * sizeof (void *) : 0;
  uintptr_t chain = 0;
  for (size_t i = 0; i < mapnum; i++)
    {
      int implicit;
      int kind = dm_item_kind (kinds[i], &implicit);
      uintptr_t h = (uintptr_t) hostaddrs[i];
      switch (kind)
	{
	case DM_MAP_FIRSTPRIVATE:
	  if (h)
	    {
	      size_t a = dm_item_align (kinds[i]);
	      fp_off = (fp_off + a - 1) & ~(a - 1);
	      memcpy (stage + fp_off, (void *) h, sizes[i]);
	      devaddrs[i] = block_dev + fp_off;
	      fp_off += sizes[i];
	    }
	  break;
	case DM_MAP_USE_DEVICE_PTR:
	case DM_MAP_USE_DEVICE_PTR_IF_PRESENT:
	  if (h)
	    {
	      /* OpenMP 5.1: a list item that is not present keeps its host
		 address.  */
	      struct dm_mapping *m = dm_lookup_point (dev, h, 1);
	      if (m)
		hostaddrs[i] = (void *) dm_mapping_dev (m, h);
	      devaddrs[i] = (uintptr_t) hostaddrs[i];
	    }
	  break;
	case DM_MAP_FORCE_DEVICEPTR:
	  devaddrs[i] = h;
	  break;
	case DM_MAP_ALWAYS_POINTER:
	  {
	    /* Store the device address of the previous item (minus the
	       bias) into the device copy of the pointer at H.  */
	    struct dm_mapping *ov, *m = dm_lookup_item (dev, h,
							sizeof (void *), &ov, NULL);
	    if (!m)
	      dm_fail (&ctx, "the pointer at host %p must be mapped to be "
		       "updated, but is not", (void *) h);
	    if (i == 0 || (kinds[i - 1] & 0xff) != DM_MAP_ALWAYS_POINTER)
	      chain = i ? devaddrs[i - 1] : 0;
	    uintptr_t value = chain ? chain - sizes[i] : 0;
	    dm_write_pointer (&ctx, dm_mapping_dev (m, h), value);
	    chain = dm_mapping_dev (m, h);
	    devaddrs[i] = 0;
	    break;
	  }
	case DM_MAP_ATTACH:
	case DM_MAP_ATTACH_ZERO_LENGTH_ARRAY_SECTION:
	  if (h)
	    {
	      struct dm_mapping *m = dm_lookup_point (dev, h, 0);
	      if (m)
		dm_attach (&ctx, m, h, sizes[i],
			   kind == DM_MAP_ATTACH_ZERO_LENGTH_ARRAY_SECTION,
			   &env->items[i]);
	    }
	  break;
	default:
	  break;
	}
    }

  if (__builtin_expect (dm_config.trace, 0))
    for (size_t i = 0; i < mapnum; i++)
      fprintf (stderr, "deepmap: trace: %s on device %d: item %zu kind %#x "
	       "host %p size %zu -> device %p\n", dm_construct_name (c),
	       dev->id, i, kinds[i], hostaddrs[i], sizes[i],
	       (void *) devaddrs[i]);
  if (target)
    {
      /* Part of the launch, as a GPU's kernel parameters are: not counted
	 as a data transfer (statistics measure data movement).  */
      if (fp_size
	  && dev->ops->to_device (dev, block_dev, stage, fp_size, NULL) != 0)
	dm_fail (&ctx, "sending the region's %zu-byte argument block failed: "
		 "%s", fp_size, dm_reason ());
      env->args = block_dev;
    }
  else if (fp_size)
    dm_copy_to_device (dev, block_dev, stage, fp_size, NULL);
  pthread_mutex_unlock (&dev->lock);
  if (stage_on_heap)
    free (stage);
  return env;
}

void
dm_unmap_construct (struct dm_env *env)
{
  struct dm_device *dev = env->dev;
  if (!dev)
    {
      dm_env_put (env);
      return;
    }
  struct dm_ctx ctx = { dev, DM_CONSTRUCT_DATA, 0 };
  pthread_mutex_lock (&dev->lock);

  /* Detach first: copy-back must see host pointers restored.  */
  for (size_t i = 0; i < env->n; i++)
    if (env->items[i].attach)
      dm_detach (&ctx, env->items[i].m, env->items[i].host, 0);

  for (size_t i = 0; i < env->n; i++)
    {
      struct dm_env_item *it = &env->items[i];
      if (it->m && it->counted && !it->attach
	  && it->m->refcount != DM_REFCOUNT_INFINITE)
	it->m->refcount--;
    }
  for (size_t i = 0; i < env->n; i++)
    {
      struct dm_env_item *it = &env->items[i];
      if (!it->m || it->attach || !it->size)
	continue;
      if ((it->copy_from && it->m->refcount == 0) || it->always_from)
	dm_copy_range (&ctx, it->m, it->host, it->host + it->size, 0);
    }
  for (size_t i = 0; i < env->n; i++)
    {
      struct dm_env_item *it = &env->items[i];
      if (it->m && it->counted && !it->attach && it->m->refcount == 0)
	{
	  /* Only the item that took the reference removes the mapping.  */
	  dm_mapping_remove (dev, it->m, NULL);
	}
    }
  if (env->block)
    dm_pool_free (dev, env->block, env->block_size);
  pthread_mutex_unlock (&dev->lock);
  dm_env_put (env);
}

void
dm_enter_data (struct dm_device *dev, size_t mapnum, void **hostaddrs,
	       size_t *sizes, unsigned short *kinds)
{
  struct dm_ctx ctx = { dev, DM_CONSTRUCT_ENTER_DATA, 0 };
  pthread_mutex_lock (&dev->lock);
  ctx.mark = dm_next_mark (dev);
  for (size_t i = 0; i < mapnum; i++)
    {
      int implicit;
      int kind = dm_item_kind (kinds[i], &implicit);
      uintptr_t h = (uintptr_t) hostaddrs[i];
      switch (kind)
	{
	case DM_MAP_STRUCT:
	  dm_enter_struct (&ctx, i, hostaddrs, sizes, kinds, NULL, NULL);
	  i += sizes[i];
	  break;
	case DM_MAP_ATTACH:
	case DM_MAP_ATTACH_ZERO_LENGTH_ARRAY_SECTION:
	  if (h)
	    {
	      /* GCC attaches the base pointer of every pointer-based
		 section; OpenMP attaches only pointers that are mapped.  */
	      struct dm_mapping *m = dm_lookup_point (dev, h, 0);
	      if (m)
		dm_attach (&ctx, m, h, sizes[i],
			   kind == DM_MAP_ATTACH_ZERO_LENGTH_ARRAY_SECTION,
			   NULL);
	    }
	  break;
	case DM_MAP_POINTER:
	case DM_MAP_POINTER_TO_ZERO_LENGTH_ARRAY_SECTION:
	  if (h)
	    {
	      struct dm_mapping *ov, *m
		= dm_lookup_item (dev, h, sizeof (void *), &ov, NULL);
	      if (m)
		dm_ref (&ctx, m);
	      else
		{
		  m = dm_enter_item (&ctx, h, sizeof (void *), DM_MAP_ALLOC,
				     sizeof (void *), 0, NULL, NULL);
		  dm_set_section_pointer (&ctx, m, h, sizes[i],
					  kind != DM_MAP_POINTER);
		}
	    }
	  break;
	case DM_MAP_ALWAYS_POINTER:
	case DM_MAP_FIRSTPRIVATE:
	case DM_MAP_FIRSTPRIVATE_INT:
	case DM_MAP_USE_DEVICE_PTR:
	case DM_MAP_USE_DEVICE_PTR_IF_PRESENT:
	  break;
	case DM_MAP_ZERO_LEN_ARRAY_SECTION:
	  if (h)
	    {
	      struct dm_mapping *m = dm_lookup_point (dev, h, 0);
	      if (m)
		dm_ref (&ctx, m);
	    }
	  break;
	case DM_MAP_DELETE:
	case DM_MAP_RELEASE:
	case DM_MAP_DELETE_ZERO_LEN_ARRAY_SECTION:
	  dm_fail (&ctx, "map type release/delete is only valid on target "
		   "exit data (host %p)", (void *) h);
	default:
	  if (h)
	    dm_enter_item (&ctx, h, sizes[i], kind, dm_item_align (kinds[i]),
			   implicit, NULL, NULL);
	  break;
	}
    }
  pthread_mutex_unlock (&dev->lock);
}

void
dm_exit_data (struct dm_device *dev, size_t mapnum, void **hostaddrs,
	      size_t *sizes, unsigned short *kinds)
{
  struct dm_ctx ctx = { dev, DM_CONSTRUCT_EXIT_DATA, 0 };
  struct dm_mapping **dead = alloca ((mapnum + 1) * sizeof *dead);
  struct dm_maptable_pos *dead_pos = alloca ((mapnum + 1) * sizeof *dead_pos);
  size_t ndead = 0;

  pthread_mutex_lock (&dev->lock);
  ctx.mark = dm_next_mark (dev);

  for (size_t i = 0; i < mapnum; i++)
    {
      int kind = kinds[i] & 0xff;
      if (kind == DM_MAP_DETACH || kind == DM_MAP_FORCE_DETACH)
	{
	  uintptr_t h = (uintptr_t) hostaddrs[i];
	  struct dm_mapping *m = h ? dm_lookup_point (dev, h, 0) : NULL;
	  if (m)
	    dm_detach (&ctx, m, h, kind == DM_MAP_FORCE_DETACH);
	}
    }

  for (size_t i = 0; i < mapnum; i++)
    {
      int implicit;
      int kind = dm_item_kind (kinds[i], &implicit);
      uintptr_t h = (uintptr_t) hostaddrs[i];
      size_t size = sizes[i];
      switch (kind)
	{
	case DM_MAP_DETACH:
	case DM_MAP_FORCE_DETACH:
	case DM_MAP_STRUCT:
	case DM_MAP_POINTER:
	case DM_MAP_ALWAYS_POINTER:
	case DM_MAP_FIRSTPRIVATE:
	case DM_MAP_FIRSTPRIVATE_INT:
	  continue;
	case DM_MAP_ZERO_LEN_ARRAY_SECTION:
	case DM_MAP_DELETE_ZERO_LEN_ARRAY_SECTION:
	  size = 0;
	  break;
	default:
	  break;
	}
      if (!h)
	continue;
      struct dm_maptable_pos pos;
      struct dm_mapping *ov, *m = dm_lookup_item (dev, h, size, &ov, &pos);
      if (m && dm_maptable_at (&dev->table, &pos) != m)
	pos.i = -1;		/* found, but not at the floor of H */
      if (!m)
	{
	  if (ov)
	    dm_fail_overlap (&ctx, h, size, ov);
	  /* OpenMP: exiting what is not present has no effect.  */
	  continue;
	}
      if (m->refcount == DM_REFCOUNT_INFINITE)
	continue;
      int delete = kind == DM_MAP_DELETE
		   || kind == DM_MAP_DELETE_ZERO_LEN_ARRAY_SECTION;
      int first = m->construct_mark != ctx.mark;
      if (first)
	{
	  m->construct_mark = ctx.mark;
	  if (m->refcount > 0)
	    {
	      m->refcount = delete ? 0 : m->refcount - 1;
	      if (m->refcount == 0)
		{
		  dead_pos[ndead] = pos;
		  dead[ndead++] = m;
		}
	    }
	}
      else if (delete && m->refcount)
	{
	  m->refcount = 0;
	  dead_pos[ndead] = pos;
	  dead[ndead++] = m;
	}
      if (size && ((dm_kind_copies_from (kind) && m->refcount == 0)
		   || dm_kind_always_from (kind)))
	dm_copy_range (&ctx, m, h, h + size, 0);
    }
  for (size_t i = 0; i < ndead; i++)
    dm_mapping_remove (dev, dead[i], &dead_pos[i]);
  pthread_mutex_unlock (&dev->lock);
}

void
dm_update (struct dm_device *dev, size_t mapnum, void **hostaddrs,
	   size_t *sizes, unsigned short *kinds)
{
  struct dm_ctx ctx = { dev, DM_CONSTRUCT_UPDATE, 0 };
  pthread_mutex_lock (&dev->lock);
  for (size_t i = 0; i < mapnum; i++)
    {
      int implicit;
      int kind = dm_item_kind (kinds[i], &implicit);
      uintptr_t h = (uintptr_t) hostaddrs[i];
      if (!sizes[i] || !h)
	continue;
      struct dm_mapping *ov, *m = dm_lookup_range (dev, h, h + sizes[i], &ov);
      if (!m)
	{
	  if (ov)
	    dm_fail (&ctx, "host [%p, %p) (%zu bytes) is only partly mapped: "
		     "[%p, %p) is", (void *) h, (void *) (h + sizes[i]),
		     sizes[i], (void *) ov->host_start,
		     (void *) ov->host_end);
	  continue;
	}
      if (dm_kind_copies_to (kind))
	dm_copy_range (&ctx, m, h, h + sizes[i], 1);
      if (dm_kind_copies_from (kind))
	dm_copy_range (&ctx, m, h, h + sizes[i], 0);
    }
  pthread_mutex_unlock (&dev->lock);
}

void *
dm_translate (struct dm_device *dev, const void *host)
{
  pthread_mutex_lock (&dev->lock);
  struct dm_mapping *m = dm_lookup_point (dev, (uintptr_t) host, 0);
  void *r = m ? (void *) dm_mapping_dev (m, (uintptr_t) host) : NULL;
  pthread_mutex_unlock (&dev->lock);
  return r;
}

int
dm_associate (struct dm_device *dev, const void *host, uintptr_t devaddr,
	      size_t size)
{
  struct dm_ctx ctx = { dev, DM_CONSTRUCT_API, 0 };
  uintptr_t h = (uintptr_t) host;
  int r = 0;
  pthread_mutex_lock (&dev->lock);
  struct dm_mapping *ov, *m = dm_lookup_item (dev, h, size, &ov, NULL);
  if (m)
    {
      /* Associating what is already associated the same way is allowed.  */
      if (!(m->flags & DM_MAPPING_ASSOCIATED)
	  || dm_mapping_dev (m, h) != devaddr)
	r = -1;
    }
  else if (ov)
    r = -1;
  else
    {
      struct dm_block *b = dm_block_new (&ctx);
      b->host_start = h;
      b->host_end = h + size;
      b->dev_start = devaddr;
      b->owned = 0;
      m = dm_mapping_add (&ctx, h, h + size, b, NULL);
      m->refcount = DM_REFCOUNT_INFINITE;
      m->flags = DM_MAPPING_ASSOCIATED;
    }
  pthread_mutex_unlock (&dev->lock);
  return r;
}

int
dm_disassociate (struct dm_device *dev, const void *host)
{
  uintptr_t h = (uintptr_t) host;
  int r = -1;
  pthread_mutex_lock (&dev->lock);
  struct dm_mapping *m = dm_lookup_point (dev, h, 0);
  if (m && (m->flags & DM_MAPPING_ASSOCIATED) && m->host_start == h)
    {
      dm_mapping_remove (dev, m, NULL);
      r = 0;
    }
  pthread_mutex_unlock (&dev->lock);
  return r;
}

void
dm_map_declare_target (struct dm_device *dev, uintptr_t host, size_t size,
		       uintptr_t devaddr, const void *initial)
{
  struct dm_ctx ctx = { dev, DM_CONSTRUCT_API, 0 };
  pthread_mutex_lock (&dev->lock);
  struct dm_mapping *ov, *m = dm_lookup_item (dev, host, size, &ov, NULL);
  if (!m && !ov)
    {
      struct dm_block *b;
      if (devaddr)
	{
	  /* The image holds the variable already.  */
	  b = dm_block_new (&ctx);
	  b->host_start = host;
	  b->host_end = host + size;
	  b->dev_start = devaddr;
	}
      else
	b = dm_block_alloc (&ctx, host, host + size, 16);
      m = dm_mapping_add (&ctx, host, host + size, b, NULL);
      m->refcount = DM_REFCOUNT_INFINITE;
      m->flags = DM_MAPPING_DECLARE_TARGET;
      if (!devaddr && size && dm_copy_to_device (dev, b->dev_start, initial, size, NULL))
	dm_fail (&ctx, "initialising the declare target variable at host %p "
		 "(%zu bytes) failed: %s", (void *) host, size, dm_reason ());
    }
  pthread_mutex_unlock (&dev->lock);
}
