/* directory.c -- the interval directory (see directory.h).

   Two tables per device: DEV->map->table holds segments (struct dm_mapping),
   disjoint host intervals each with one reference count; DEV->map->blocks
   indexes the device blocks whose segments do not cover them exactly
   (struct extents, fused blocks, blocks that lost some segments).  A
   block its segments cover exactly is found through them, which keeps
   mapping an isolated object to one search of one table.  Blocks are
   disjoint; a segment always lies inside its block.  Empty (zero-length)
   mappings get tiny blocks of their own that never fuse.  */
#include <alloca.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/async.h"
#include "engine/devstate.h"
#include "map/dir-internal.h"
#include "map/directory.h"
#include "map/mapping.h"
#include "support/ompabi.h"
#include "support/ompt.h"
#include "engine/transfer.h"
#include "support/config.h"
#include "support/hostmem.h"
#include "support/sort.h"

int dm_overlap_policy = DM_OVERLAP_KEEP;

/* ---- nodes ---------------------------------------------------------- */

static struct dm_mapping *
dm_node_new (struct dm_ctx *ctx)
{
  struct dm_device *dev = ctx->dev;
  struct dm_mapping *m = dev->map->free_mappings;
  if (m)
    dev->map->free_mappings = m->free_next;
  else if (!(m = malloc (sizeof *m)))
    dm_fail (ctx, "out of host memory for the mapping table");
  memset (m, 0, sizeof *m);
  return m;
}

static void
dm_node_free (struct dm_device *dev, struct dm_mapping *m)
{
  m->free_next = dev->map->free_mappings;
  dev->map->free_mappings = m;
}

/* A block's attachment tables (dir-attach.c keeps the counts).  */
static size_t
dm_attach_pages (const struct dm_block *b)
{
  return (dm_slot_count (b) + DM_ATTACH_PAGE - 1) / DM_ATTACH_PAGE;
}

/* Where a block of one page keeps that page: after its page table and
   live bits, in the same allocation (small objects, deep copy's usual
   case, then cost one calloc and one free, not two of each).  */
static struct dm_attach_slot *
dm_attach_inline_page (const struct dm_block *b)
{
  size_t words = (dm_slot_count (b) + 63) / 64;
  return (struct dm_attach_slot *) (void *) ((uint64_t *) (b->attach + 1)
					     + words);
}

/* The bytes of B's tables: the page table and the live bits, one
   allocation, and the page too when there is only one.  */
static size_t
dm_attach_table_bytes (const struct dm_block *b)
{
  size_t n = dm_slot_count (b), pages = dm_attach_pages (b);
  size_t bytes = pages * sizeof *b->attach
		 + (n + 63) / 64 * sizeof *b->attach_live;
  return pages == 1 ? bytes + n * sizeof (struct dm_attach_slot) : bytes;
}

struct dm_attach_slot *
dm_attach_slot (struct dm_ctx *ctx, struct dm_block *b, size_t k)
{
  size_t n = dm_slot_count (b);
  if (!b->attach)
    {
      size_t pages = dm_attach_pages (b), bytes = dm_attach_table_bytes (b);
      struct dm_device_map *map = ctx->dev->map;
      if (n <= DM_ATTACH_RECYCLE_SLOTS && map->attach_free[n])
	{
	  void *t = map->attach_free[n];
	  memcpy (&map->attach_free[n], t, sizeof (void *));
	  map->attach_free_bytes -= bytes;
	  b->attach = memset (t, 0, bytes);
	}
      else if (!(b->attach = calloc (1, bytes)))
	dm_fail (ctx, "out of host memory for attachment counts");
      b->attach_live = (uint64_t *) (b->attach + pages);
      if (pages == 1)
	b->attach[0] = dm_attach_inline_page (b);
    }
  struct dm_attach_slot **p = &b->attach[k / DM_ATTACH_PAGE];
  if (!*p)
    {
      size_t first = k / DM_ATTACH_PAGE * DM_ATTACH_PAGE;
      size_t slots = n - first < DM_ATTACH_PAGE ? n - first : DM_ATTACH_PAGE;
      if (!(*p = calloc (slots, sizeof **p)))
	dm_fail (ctx, "out of host memory for attachment counts");
    }
  return *p + k % DM_ATTACH_PAGE;
}

void
dm_attach_free (struct dm_device *dev, struct dm_block *b)
{
  if (!b->attach)
    return;
  size_t pages = dm_attach_pages (b), n = dm_slot_count (b);
  size_t bytes = dm_attach_table_bytes (b);
  struct dm_device_map *map = dev->map;
  if (pages > 1)
    for (size_t i = 0; i < pages; i++)
      free (b->attach[i]);
  if (n <= DM_ATTACH_RECYCLE_SLOTS
      && map->attach_free_bytes + bytes <= DM_ATTACH_RECYCLE_BYTES)
    {
      memcpy (b->attach, &map->attach_free[n], sizeof (void *));
      map->attach_free[n] = b->attach;
      map->attach_free_bytes += bytes;
    }
  else
    free (b->attach);
  b->attach = NULL;
  b->attach_live = NULL;
}

static struct dm_block *
dm_block_new (struct dm_ctx *ctx)
{
  struct dm_device *dev = ctx->dev;
  struct dm_block *b = dev->map->free_blocks;
  if (b)
    dev->map->free_blocks = b->next;
  else if (!(b = malloc (sizeof *b)))
    dm_fail (ctx, "out of host memory for the mapping table");
  *b = (struct dm_block) { 0 };
  return b;
}

/* Device memory for host [S, E), placed so that the device address is
   congruent to S modulo ALIGN and at least 16: every object inside keeps
   the alignment it has on the host, whatever the first section of the
   block (an int before a double on the stack; a GPU faults on misaligned
   loads).  The pool hands out 16-byte-aligned memory, so a 16-aligned S
   needs no padding.  FLAGS: DM_BLOCK_INDEXED blocks enter the block
   index; DM_BLOCK_ZEROED ones hold zeros (not the pool's poison).  */
#define DM_BLOCK_INDEXED 1
#define DM_BLOCK_ZEROED 2
#define DM_BLOCK_BATCH 4	/* a new object of a construct that has a
				   slab (deep copy's batch): carved from it */
#define DM_BLOCK_END_OWN 8	/* the byte after the copy is the block's
				   too: no other object starts at a
				   one-past-the-end pointer of it (the
				   emulated device tells such a pointer of a
				   declare target variable by its address) */

/* Carve B, for host [S, S + SIZE) aligned as A, from CTX's slab (made
   at the first call, of CTX->slab_want bytes).  Returns 0, or -1 when
   the slab lacks the room (or the pool the memory): then B gets memory
   of its own.  */
static int
dm_slab_carve (struct dm_ctx *ctx, struct dm_block *b, uintptr_t s,
	       size_t size, size_t a)
{
  struct dm_slab *sl = ctx->slab;
  if (!sl)
    {
      /* dm_slab_bytes placed this first item at the slab's start; less
	 room means the construct carves what it did not plan for.  */
      if (ctx->slab_want < size || !(sl = malloc (sizeof *sl)))
	return -1;
      if (dm_pool_alloc (ctx->dev, ctx->slab_want, &sl->addr) != 0)
	{
	  /* Piece by piece may still fit.  */
	  free (sl);
	  ctx->slab_want = 0;
	  return -1;
	}
      sl->size = ctx->slab_want;
      sl->next = sl->addr;
      sl->live = 1;		/* the construct's, until dm_dir_slab_done:
				   a fusion may release every block carved
				   so far while it still carves */
      ctx->slab = sl;
    }
  uintptr_t dev = sl->next + ((s - sl->next) & (a - 1));
  if (dev + size > sl->addr + sl->size || dev + size < dev)
    return -1;
  b->alloc_addr = sl->next;
  b->alloc_size = dev + size - sl->next;
  b->dev_start = dev;
  b->slab = sl;
  sl->next = dev + size;
  sl->live++;
  return 0;
}

/* One user of SL less: its memory goes with the last (later, when
   queued work may still use it).  */
static void
dm_slab_unref (struct dm_device *dev, struct dm_slab *sl)
{
  if (--sl->live != 0)
    return;
  if (__builtin_expect (dm_async_live (dev), 0))
    dm_async_free_later (dev, sl->addr, sl->size);
  else
    dm_pool_free (dev, sl->addr, sl->size);
  free (sl);
}

/* B no longer uses its slab's memory.  */
static void
dm_slab_release (struct dm_device *dev, struct dm_block *b)
{
  struct dm_slab *sl = b->slab;
  b->slab = NULL;
  dm_slab_unref (dev, sl);
}

void
dm_dir_slab_release (struct dm_ctx *ctx)
{
  if (ctx->slab)
    dm_slab_unref (ctx->dev, ctx->slab);
  ctx->slab = NULL;
  ctx->slab_want = 0;
  free (ctx->taken);
  ctx->taken = NULL;
  ctx->ntaken = ctx->captaken = 0;
}

/* The construct is about to let go of the lock while entering its items:
   note the segments it holds (struct dm_ctx's TAKEN), those that still
   bear its mark; those it marked before an earlier wait are noted
   already.  A scan of every segment, as rare as such waits.  */
static void
dm_ctx_note_taken (struct dm_ctx *ctx)
{
  if (!ctx->mark || (ctx->construct != DM_CONSTRUCT_TARGET
		     && ctx->construct != DM_CONSTRUCT_DATA
		     && ctx->construct != DM_CONSTRUCT_ENTER_DATA))
    return;
  struct dm_maptable *t = &ctx->dev->map->table;
  struct dm_maptable_pos pos;
  struct dm_mapping *m = dm_maptable_first (t);
  if (m)
    dm_maptable_floor_pos (t, m->host_start, &pos);
  for (; m; m = dm_maptable_step (t, &pos))
    {
      if (m->construct_mark != ctx->mark || m->host_end == m->host_start)
	continue;
      if (ctx->ntaken == ctx->captaken)
	{
	  size_t cap = ctx->captaken ? 2 * ctx->captaken : 16;
	  struct dm_taken *n = realloc (ctx->taken, cap * sizeof *n);
	  if (!n)
	    dm_fail (ctx, "out of host memory noting the construct's "
		     "mappings");
	  ctx->taken = n;
	  ctx->captaken = cap;
	}
      ctx->taken[ctx->ntaken++] = (struct dm_taken) { m->host_start,
						      m->host_end };
    }
}

/* Before letting go of the lock while entering items: note what the
   construct holds, and carry out what it planned for the segments it
   made (their copies in), since other constructs find those segments
   present meanwhile, and a region of theirs would read, and write,
   device memory that the copies would later overwrite.  */
static void
dm_ctx_before_wait (struct dm_ctx *ctx)
{
  dm_ctx_note_taken (ctx);
  if (ctx->plan && ctx->run_plan)
    ctx->run_plan (ctx);
}

/* Does the construct hold segment M (noted before a wait)?  */
static int
dm_ctx_took (const struct dm_ctx *ctx, const struct dm_mapping *m)
{
  for (size_t i = 0; i < ctx->ntaken; i++)
    if (ctx->taken[i].s <= m->host_start && m->host_end <= ctx->taken[i].e)
      return 1;
  return 0;
}

/* Has the construct taken its reference on segment M already?  */
static inline int
dm_seg_mine (const struct dm_ctx *ctx, const struct dm_mapping *m)
{
  return m->construct_mark == ctx->mark
	 || (__builtin_expect (ctx->ntaken != 0, 0)
	     && m->host_end > m->host_start && dm_ctx_took (ctx, m));
}

static struct dm_block *
dm_block_alloc (struct dm_ctx *ctx, uintptr_t s, uintptr_t e, size_t align,
		unsigned flags)
{
  struct dm_block *b = dm_block_new (ctx);
  size_t size = e - s;
  size_t a = align > 16 ? align : 16;
  size_t pad = (align > 16 || (s & 15) ? a - 1 : 0)
	       + (flags & DM_BLOCK_END_OWN ? 1 : 0);
  ompt_id_t op = 0;
  if (DM_OMPT_ON ())
    dm_ompt_data_op (ompt_scope_begin, &op, ompt_target_data_alloc,
		     (void *) s, dm_ompt_host_device (), NULL, ctx->dev->id,
		     size);
  if (!((flags & DM_BLOCK_BATCH) && ctx->slab_want && size <= DM_BATCH_MAX
	&& dm_slab_carve (ctx, b, s, size, a) == 0))
    {
      if ((flags & DM_BLOCK_ZEROED
	   ? dm_pool_alloc_zeroed (ctx->dev, size + pad, &b->alloc_addr)
	   : dm_pool_alloc (ctx->dev, size + pad, &b->alloc_addr)) != 0)
	{
	  b->next = ctx->dev->map->free_blocks;
	  ctx->dev->map->free_blocks = b;
	  dm_fail (ctx, "cannot map host [%p, %p) (%zu bytes): %s",
		   (void *) s, (void *) e, size, dm_reason ());
	}
      b->alloc_size = size + pad;
      b->dev_start = b->alloc_addr + ((s - b->alloc_addr) & (a - 1));
    }
  b->host_start = s;
  b->host_end = e;
  b->owned = 1;
  if (DM_OMPT_ON ())
    dm_ompt_data_op (ompt_scope_end, &op, ompt_target_data_alloc,
		     (void *) s, dm_ompt_host_device (),
		     (void *) b->dev_start, ctx->dev->id, size);
  if (flags & DM_BLOCK_INDEXED)
    {
      struct dm_mapping *ix = dm_node_new (ctx);
      ix->host_start = s;
      ix->host_end = e;
      ix->block = b;
      b->index = ix;
      dm_maptable_insert (&ctx->dev->map->blocks, ix);
    }
  return b;
}

/* A block for memory that is not ours (associated or loaded): indexed,
   never freed, never moved.  */
static struct dm_block *
dm_block_foreign (struct dm_ctx *ctx, uintptr_t s, uintptr_t e,
		  uintptr_t devaddr)
{
  struct dm_block *b = dm_block_new (ctx);
  b->host_start = s;
  b->host_end = e;
  b->dev_start = devaddr;
  b->fixed = 1;
  struct dm_mapping *ix = dm_node_new (ctx);
  ix->host_start = s;
  ix->host_end = e;
  ix->block = b;
  b->index = ix;
  dm_maptable_insert (&ctx->dev->map->blocks, ix);
  return b;
}

/* Enter B into the block index (its segments no longer cover it).  */
static void
dm_block_index (struct dm_ctx *ctx, struct dm_block *b)
{
  if (b->index || b->host_end == b->host_start)
    return;
  struct dm_mapping *ix = dm_node_new (ctx);
  ix->host_start = b->host_start;
  ix->host_end = b->host_end;
  ix->block = b;
  b->index = ix;
  dm_maptable_insert (&ctx->dev->map->blocks, ix);
}

/* Give B's device memory back (queued work may still use it: then
   later).  */
static void
dm_block_free_memory (struct dm_device *dev, struct dm_block *b)
{
  if (!b->owned)
    return;
  /* Like alloc: the host range as the source, the device block as the
     destination, so that a tool pairs the two.  */
  ompt_id_t op = 0;
  void *host = (void *) b->host_start, *devp = (void *) b->dev_start;
  size_t size = b->host_end - b->host_start;
  if (DM_OMPT_ON ())
    dm_ompt_data_op (ompt_scope_begin, &op, ompt_target_data_delete, host,
		     dm_ompt_host_device (), devp, dev->id, size);
  if (b->slab)
    dm_slab_release (dev, b);
  else if (__builtin_expect (dm_async_live (dev), 0))
    dm_async_free_later (dev, b->alloc_addr, b->alloc_size);
  else
    dm_pool_free (dev, b->alloc_addr, b->alloc_size);
  b->owned = 0;
  if (DM_OMPT_ON ())
    dm_ompt_data_op (ompt_scope_end, &op, ompt_target_data_delete, host,
		     dm_ompt_host_device (), devp, dev->id, size);
}

static void
dm_block_release (struct dm_device *dev, struct dm_block *b)
{
  if (b->index)
    {
      dm_maptable_remove (&dev->map->blocks, b->index);
      dm_node_free (dev, b->index);
      b->index = NULL;
    }
  dm_attach_free (dev, b);
  /* A region running on another thread still reads and writes it (its
     pin): the memory goes when the region ends (dm_dir_unpin), or the
     next mapping could get it and be overwritten.  */
  if (b->pins)
    {
      b->orphaned = 1;
      return;
    }
  dm_block_free_memory (dev, b);
  /* A construct that handed out an address in it still points at it
     (its pin); the program unmapped the data under it, which it may.  */
  if (b->held)
    {
      b->orphaned = 1;
      return;
    }
  b->next = dev->map->free_blocks;
  dev->map->free_blocks = b;
}

/* ---- segments ------------------------------------------------------- */

/* FLAGS of a segment once an item of CTX takes a reference to it: who
   took the last one (deep copy or the program), and whether deep copy
   took one for a target region.  */
static inline unsigned
dm_seg_taken_flags (const struct dm_ctx *ctx, unsigned flags)
{
  /* Only an item that copies in now or back at its end leaves the
     host's copy as new as the device's: a map(to:) of a present object
     that a deep kernel changed copies nothing (a read-only kernel's
     map(to:) of such an object lost the change at the structure's end:
     random-deep seed 1002).  */
  if (!ctx->deep)
    return ctx->item_syncs ? flags | DM_MAPPING_OWN_LAST : flags;
  flags = (flags | DM_MAPPING_DEEP) & ~DM_MAPPING_OWN_LAST;
  if (ctx->construct == DM_CONSTRUCT_TARGET)
    flags |= DM_MAPPING_DEEP_KERNEL;
  return flags;
}

static struct dm_mapping *
dm_seg_add_at (struct dm_ctx *ctx, uintptr_t s, uintptr_t e,
	       struct dm_block *b, uint64_t refcount,
	       const struct dm_maptable_pos *hint)
{
  struct dm_mapping *m = dm_node_new (ctx);
  m->host_start = s;
  m->host_end = e;
  m->block = b;
  m->refcount = refcount;
  m->deep_refs = refcount == 1 && ctx->deep;
  m->flags = dm_seg_taken_flags (ctx,
				 ctx->deep ? DM_MAPPING_DEEP_BORN : 0);
  m->deep_mark = ctx->deep ? ctx->mark : 0;
  b->nmappings++;
  ctx->dev->map->table_generation++;
  if (hint)
    dm_maptable_insert_at (&ctx->dev->map->table, m, hint);
  else
    dm_maptable_insert (&ctx->dev->map->table, m);
  return m;
}

static inline struct dm_mapping *
dm_seg_add (struct dm_ctx *ctx, uintptr_t s, uintptr_t e,
	    struct dm_block *b, uint64_t refcount)
{
  return dm_seg_add_at (ctx, s, e, b, refcount, NULL);
}

static void
dm_seg_remove (struct dm_ctx *ctx, struct dm_mapping *m,
	       const struct dm_maptable_pos *hint)
{
  struct dm_device *dev = ctx->dev;
  struct dm_block *b = m->block;
  if (m->group_next)
    {
      /* Leave the structure group (its other members go with it: see
	 dm_seg_reap).  */
      struct dm_mapping *p = m;
      while (p->group_next != m)
	p = p->group_next;
      p->group_next = m->group_next == p ? NULL : m->group_next;
      m->group_next = NULL;
    }
  dev->map->table_generation++;
  if (m->flags & DM_MAPPING_DEEP)
    dev->map->deep_epoch++;
  if (m->pin)
    dm_seg_unpin (m);
  if (hint)
    dm_maptable_remove_at (&dev->map->table, m, hint);
  else
    dm_maptable_remove (&dev->map->table, m);
  /* Attachments die with the bytes that hold them.  */
  uintptr_t cur = m->host_start, at;
  while (dm_next_attached (b, &cur, m->host_end, &at))
    if (at >= m->host_start && at + DM_W <= m->host_end)
      dm_slot_set_count (b, dm_slot_of (b, at), 0);
  dm_node_free (dev, m);
  if (--b->nmappings == 0)
    dm_block_release (dev, b);
  else
    /* The block now has bytes no segment covers: find it by index.  */
    dm_block_index (ctx, b);
}

/* Split segment M at host address AT (inside it): M keeps [start, AT), a
   new segment with the same count (and structure group) takes [AT, end).  */
static struct dm_mapping *
dm_seg_split (struct dm_ctx *ctx, struct dm_mapping *m, uintptr_t at)
{
  uintptr_t end = m->host_end;
  if (m->flags & DM_MAPPING_DEEP)
    ctx->dev->map->deep_epoch++;
  /* Shrink first: the new segment must not overlap M in the table.  */
  m->host_end = at;
  struct dm_mapping *n = dm_seg_add (ctx, at, end, m->block, m->refcount);
  n->deep_refs = m->deep_refs;
  n->flags = m->flags;
  n->pin = m->pin;
  if (n->pin)
    n->pin->npinned++;
  n->construct_mark = m->construct_mark;
  n->born_mark = m->born_mark;
  n->deep_mark = m->deep_mark;
  if (m->group_next)
    {
      n->group_next = m->group_next;
      m->group_next = n;
    }
  return n;
}

/* The first non-empty segment that ends after P, or NULL; *POS (if
   given) is its place.  */
struct dm_mapping *
dm_seg_from_pos (struct dm_device *dev, uintptr_t p,
		 struct dm_maptable_pos *pos)
{
  struct dm_maptable_pos here;
  if (!pos)
    pos = &here;
  struct dm_mapping *m = dm_maptable_floor_pos (&dev->map->table, p, pos);
  if (m && m->host_end > p)
    return m;
  while ((m = dm_maptable_step (&dev->map->table, pos)))
    if (m->host_end > m->host_start)
      return m;
  return NULL;
}

/* Take the construct's reference on segment M: once per construct
   (CTX->mark), and on every segment of M's structure group at once.
   Returns whether a reference was taken.  */
static inline int
dm_seg_take (struct dm_ctx *ctx, struct dm_mapping *m)
{
  if (m->refcount == DM_REFCOUNT_INFINITE)
    return 0;
  struct dm_mapping *g = m;
  /* Taken before the construct let go of the lock, and marked since by
     another construct: it holds it all the same.  */
  if (dm_seg_mine (ctx, m))
    m->construct_mark = ctx->mark;
  if (m->construct_mark == ctx->mark)
    {
      /* Deep copy reached it in this construct too: the program's own
	 map of it takes precedence (it copies it back itself).  Not
	 where the reference this construct took was the program's own
	 (one object named by two items) and a region of an earlier
	 construct reached it: its device copy stays the newer, and the
	 structure's exit copies it back (random-deep seed 1213, program
	 75).  */
      if (!ctx->deep && (m->flags & DM_MAPPING_DEEP_KERNEL)
	  && m->deep_mark == ctx->mark)
	do
	  {
	    g->flags = (g->flags | DM_MAPPING_OWN_LAST)
		       & ~DM_MAPPING_DEEP_KERNEL;
	    g = g->group_next ? g->group_next : g;
	  }
	while (g != m);
      return 0;
    }
  do
    {
      g->construct_mark = ctx->mark;
      if (ctx->deep)
	g->deep_mark = ctx->mark;
      g->refcount++;
      g->deep_refs += ctx->deep != 0;
      g->flags = dm_seg_taken_flags (ctx, g->flags);
      g = g->group_next ? g->group_next : g;
    }
  while (g != m);
  return 1;
}

/* ---- copies that respect attached pointers -------------------------- */

uintptr_t
dm_dir_read_word (struct dm_ctx *ctx, struct dm_block *b, uintptr_t slot)
{
  uintptr_t v;
  if (dm_copy_to_host (ctx->dev, &v, dm_block_dev (b, slot), sizeof v, NULL))
    dm_fail (ctx, "reading the device copy of the pointer at host %p "
	     "failed: %s", (void *) slot, dm_reason ());
  return v;
}

/* Write the pointer-sized VALUE to device address D in block B (B is only
   needed by an asynchronous construct, whose queued copy reads a kept
   copy of VALUE).  */
int
dm_dir_send_word (struct dm_ctx *ctx, struct dm_block *b, uintptr_t d,
		  uintptr_t value)
{
  const void *src = &value;
  if (ctx->async)
    {
      src = dm_async_keep (ctx->async, &value, sizeof value);
      dm_async_wrote (ctx->async, b->async);
    }
  return dm_copy_to_device (ctx->dev, d, src, sizeof value,
			    dm_async_queue (ctx->async));
}

void
dm_seg_unpin (struct dm_mapping *m)
{
  struct dm_replay_pin *pin = m->pin;
  m->pin = NULL;
  pin->npinned--;
  pin->unpinned (pin);
}

/* Plan a copy of host [S, E) to the device (CTX->plan): dir-plan.c
   carries the plan out.  */
static void
dm_plan_add_copy (struct dm_ctx *ctx, uintptr_t s, uintptr_t e)
{
  struct dm_plan *p = ctx->plan;
  if (p->ncopy == p->capcopy)
    {
      p->capcopy = p->capcopy ? 2 * p->capcopy : 64;
      p->copy = realloc (p->copy, p->capcopy * sizeof *p->copy);
      if (!p->copy)
	dm_fail (ctx, "out of host memory planning copies");
    }
  p->copy[p->ncopy++] = (struct dm_plan_copy) { s, e };
}


/* A nowait construct's own queued work, done (WHY: what waits).  */
static void
dm_ctx_wait_own_queue (struct dm_ctx *ctx, const char *why)
{
  if (!ctx->async)
    return;
  struct dm_device *dev = ctx->dev;
  struct dm_aq *aq = ctx->async->aq;
  uint64_t w0 = DM_OMPT_ON () ? dm_ompt_clock () : 0;
  if (dev->ops->queue_sync (&dev->core, aq->q) != 0)
    dm_fail (ctx, "waiting for the queue %s failed: %s", why, dm_reason ());
  if (w0)
    dm_ompt_wait (w0, dev->id, aq->q);
  aq->synced = aq->issued;
}

/* Does [S, E) of block B hold a pointer slot that deep copy attached?  */
static int
dm_deep_slot_in (const struct dm_block *b, uintptr_t s, uintptr_t e)
{
  uintptr_t cur = s, at;
  while (dm_next_attached (b, &cur, e, &at))
    {
      const struct dm_attach_slot *a = dm_slot_state (b, dm_slot_of (b, at));
      if (at >= s && at + DM_W <= e && a->deep)
	return 1;
    }
  return 0;
}

/* Copy host [S, E), inside block B, to the device (TO) or back, except
   attached pointer slots: their device value is a device pointer, their
   host value a host pointer; neither may overwrite the other.  */
void
dm_copy (struct dm_ctx *ctx, struct dm_block *b, uintptr_t s, uintptr_t e,
	 int to)
{
  if (!to && ctx->plan)
    {
      struct dm_plan *p = ctx->plan;
      if (p->nback == p->capback)
	{
	  p->capback = p->capback ? 2 * p->capback : 64;
	  p->back = realloc (p->back, p->capback * sizeof *p->back);
	  if (!p->back)
	    dm_fail (ctx, "out of host memory planning copies back");
	}
      p->back[p->nback++] = (struct dm_plan_copy) { s, e };
      return;
    }
  if (to && ctx->plan)
    {
      /* Bytes holding pointers attached by earlier constructs must not be
	 overwritten: those ranges are copied now, around them.  */
      uintptr_t cur = s, at;
      if (!dm_next_attached (b, &cur, e, &at))
	{
	  dm_plan_add_copy (ctx, s, e);
	  return;
	}
    }
  int r = 0;
  uintptr_t run = s;
  struct dm_queue *q = dm_async_queue (ctx->async);
  int ro = !to && dm_ctx_read_only (ctx, s, e - s);
  if (ro || (!to && dm_deep_slot_in (b, s, e)))
    {
      /* Read-only host memory (a constant table GCC 12 maps tofrom:
	 HeCBench's adamw), which a write would fault, is compared, not
	 written; pointers deep copy attached come back as dm_attach_back
	 says.  Both need the device's bytes now, after the construct's
	 own queue (nowait) is done: straight into host memory where it
	 may be written, else through staging.  */
      dm_ctx_wait_own_queue (ctx, "before copying back");
      dm_async_before_read (ctx->dev, b->async, ctx->async);
      if (ro || !dm_copy_back_direct (ctx, b, s, e))
	dm_copy_back_staged (ctx, b, s, e);
      return;
    }
  if (to)
    dm_async_before_host_read (ctx->dev, s, e, ctx->async);
  else
    dm_async_before_read (ctx->dev, b->async, ctx->async);
  if (q && to)
    dm_async_wrote (ctx->async, b->async);
  else if (q)
    {
      dm_async_step (ctx->async);
      dm_async_note_host_write (ctx->async, s, e);
    }
  uintptr_t cur = s, slot;
  while (r == 0 && dm_next_attached (b, &cur, e, &slot))
    {
      uintptr_t s0 = slot < s ? s : slot;
      if (s0 > run)
	r = to ? dm_copy_to_device (ctx->dev, dm_block_dev (b, run),
				    (void *) run, s0 - run, q)
	    : dm_copy_to_host (ctx->dev, (void *) run, dm_block_dev (b, run),
			       s0 - run, q);
      run = slot + DM_W;
    }
  if (r == 0 && run < e)
    r = to ? dm_copy_to_device (ctx->dev, dm_block_dev (b, run), (void *) run,
				e - run, q)
	: dm_copy_to_host (ctx->dev, (void *) run, dm_block_dev (b, run),
			   e - run, q);
  if (r != 0)
    dm_fail (ctx, "copying host [%p, %p) %s the device failed: %s",
	     (void *) s, (void *) e, to ? "to" : "from", dm_reason ());
}

/* ---- fusion --------------------------------------------------------- */

/* A block fusion moved: its host range and where its device copy was.  */
struct dm_moved
{
  uintptr_t host_start, host_end, dev_start;
};

/* The entry of MV[0..N), sorted by the field at byte KEY, whose range
   starting there holds A, or NULL.  */
static const struct dm_moved *
dm_moved_find (const struct dm_moved *mv, size_t n, size_t key, uintptr_t a)
{
  size_t i = dm_count_upto (mv, n, sizeof *mv, key, a);
  if (i == 0)
    return NULL;
  const struct dm_moved *o = &mv[i - 1];
  uintptr_t start;
  memcpy (&start, (const char *) o + key, sizeof start);
  return a - start < o->host_end - o->host_start ? o : NULL;
}

/* Bytes of pointer slots read at a time when fusion rewrites them.  */
#define DM_FIX_WINDOW ((uintptr_t) 65536)

/* The device words of B's live slots from slot A on, up to
   DM_FIX_WINDOW bytes of them, read into WINDOW in one transfer: host
   [*LO, *HI).  Fusion rewrites every attached pointer; read one by one,
   a structure of n pointers whose pointees the program then maps itself
   (each extending a one-element guess) took n^2 transfers.  */
static void
dm_read_slots (struct dm_ctx *ctx, struct dm_block *b, size_t a,
	       unsigned char *window, uintptr_t *lo, uintptr_t *hi)
{
  size_t count = dm_slot_count (b);
  uintptr_t first = dm_slot_addr (b, a), end = first + DM_W;
  for (size_t k = a + 1; (k = dm_next_live_slot (b, k)) < count; k++)
    {
      uintptr_t at = dm_slot_addr (b, k);
      if (at + DM_W - first > DM_FIX_WINDOW)
	break;
      end = at + DM_W;
    }
  if (dm_copy_to_host (ctx->dev, window, dm_block_dev (b, first),
		       end - first, NULL))
    dm_fail (ctx, "reading the device copies of the pointers at host "
	     "[%p, %p) failed: %s", (void *) first, (void *) end,
	     dm_reason ());
  *lo = first;
  *hi = end;
}

/* Rewrite attached pointers after fusion moved the blocks MV[0..N) into
   NB.  A pointer whose device copy points into a moved block follows
   it, to the same byte: what the runtime attached and what a region
   stored there alike, so that a store not yet copied back is neither
   lost nor left pointing at released memory.  A pointer whose host
   target NB newly covers (not mapped when it was attached: its device
   copy is NULL or the host address) gets that target's device address.
   Every block with attachments is reached through its segments.  */
static void
dm_fix_attachments (struct dm_ctx *ctx, struct dm_block *nb,
		    struct dm_moved *byhost, struct dm_moved *bydev, size_t n)
{
  struct dm_device *dev = ctx->dev;
  dm_sort (byhost, n, sizeof *byhost, offsetof (struct dm_moved, host_start));
  dm_sort (bydev, n, sizeof *bydev, offsetof (struct dm_moved, dev_start));
  struct dm_maptable_pos pos;
  struct dm_mapping *m = dm_maptable_first (&dev->map->table);
  struct dm_block *last = NULL;
  unsigned char *window = NULL;
  size_t held = DM_FIX_WINDOW;
  if (m)
    dm_maptable_floor_pos (&dev->map->table, m->host_start, &pos);
  for (; m; m = dm_maptable_step (&dev->map->table, &pos))
    {
      struct dm_block *b = m->block;
      if (!b->attach || b == last)
	continue;
      last = b;
      dm_async_before_read (dev, b->async, ctx->async);
      if (!window)
	window = (unsigned char *) dm_scratch_get (ctx, &held);
      size_t count = dm_slot_count (b);
      uintptr_t wlo = 0, whi = 0;
      for (size_t a = 0; (a = dm_next_live_slot (b, a)) < count; a++)
	{
	  uintptr_t slot = dm_slot_addr (b, a);
	  uintptr_t bias = dm_slot_bias (b, a);
	  if (slot < wlo || slot + DM_W > whi)
	    dm_read_slots (ctx, b, a, window, &wlo, &whi);
	  uintptr_t dv, value;
	  memcpy (&dv, window + (slot - wlo), sizeof dv);
	  const struct dm_moved *o
	    = dm_moved_find (bydev, n, offsetof (struct dm_moved, dev_start),
			     dv + bias);
	  if (o)
	    value = dm_block_dev (nb, o->host_start) + (dv - o->dev_start);
	  else
	    {
	      /* Only a device copy that holds no device address (NULL, or
		 the host value a keep attachment left) is looked up by the
		 host pointer: the host's may be long dead (a Fortran
		 descriptor on the stack that enter data left mapped).  */
	      if (dv != 0 && !dm_slot_state (b, a)->keep)
		continue;
	      uintptr_t target = dm_deep_load (slot), at = target + bias;
	      if (!target || at < nb->host_start || at > nb->host_end
		  || (dv != 0 && dv != target)
		  || dm_moved_find (byhost, n,
				    offsetof (struct dm_moved, host_start),
				    at))
		continue;
	      value = dm_block_dev (nb, target);
	    }
	  if (value != dv
	      && dm_dir_send_word (ctx, b, dm_block_dev (b, slot), value) != 0)
	    dm_fail (ctx, "rewriting the attached pointer at host %p failed: "
		     "%s", (void *) slot, dm_reason ());
	}
    }
  if (window)
    dm_scratch_put (ctx, (char *) window, held);
}

/* Blocks that fusion may not move: device memory the program provided,
   and blocks holding a device address the program was given.  */
static inline int
dm_block_immovable (const struct dm_block *b)
{
  return b->fixed || b->held || b->handed;
}

/* Fuse blocks OLD[0..N) and host [S, E) into one new block.  */
static struct dm_block *
dm_fuse (struct dm_ctx *ctx, struct dm_block **old, size_t n, uintptr_t s,
	 uintptr_t e, size_t align)
{
  struct dm_device *dev = ctx->dev;
  uintptr_t us = s, ue = e;
  for (size_t i = 0; i < n; i++)
    {
      if (old[i]->fixed)
	dm_fail (ctx, "host [%p, %p) overlaps [%p, %p), whose device memory "
		 "the program provided (omp_target_associate_ptr or declare "
		 "target) and cannot be extended", (void *) s, (void *) e,
		 (void *) old[i]->host_start, (void *) old[i]->host_end);
      if (old[i]->held || old[i]->handed)
	dm_fail (ctx, "host [%p, %p) overlaps [%p, %p) and extends beyond "
		 "it, but the program holds a device address in that block "
		 "(use_device_ptr/use_device_addr gave it, valid while the "
		 "block is mapped), which fusing the sections would move",
		 (void *) s, (void *) e, (void *) old[i]->host_start,
		 (void *) old[i]->host_end);
      if (old[i]->host_start < us)
	us = old[i]->host_start;
      if (old[i]->host_end > ue)
	ue = old[i]->host_end;
    }
  if (align < 64)
    align = 64;
  uint64_t t0 = DM_OMPT_ON () ? dm_ompt_clock () : 0;
  struct dm_block *nb = dm_block_alloc (ctx, us, ue, align,
					DM_BLOCK_INDEXED);
  /* The move is synchronous, also for a nowait construct: once the lock
     is released other queues may copy into the new block, and a move
     still queued would overwrite what they copied.  The other queues'
     work on the old blocks is done (dm_cover fenced); this construct's
     own queued work must be done too.  */
  dm_ctx_wait_own_queue (ctx, "before moving device blocks");
  struct dm_moved *moved = malloc (2 * n * sizeof *moved);
  if (!moved)
    dm_fail (ctx, "out of host memory fusing device blocks");
  for (size_t i = 0; i < n; i++)
    {
      struct dm_block *b = old[i];
      moved[i] = moved[n + i]
	= (struct dm_moved) { b->host_start, b->host_end, b->dev_start };
      /* Existing device contents move with the block (holes included:
	 they hold nothing anyone reads).  */
      if (dm_copy_device_to_device (dev, dm_block_dev (nb, b->host_start),
				    b->dev_start, b->host_end - b->host_start,
				    NULL) != 0)
	dm_fail (ctx, "moving device block [%p, %p) failed: %s",
		 (void *) b->host_start, (void *) b->host_end, dm_reason ());
      if (b->attach)
	{
	  /* Slots keep their host address.  */
	  size_t slots = dm_slot_count (b);
	  for (size_t a = 0; (a = dm_next_live_slot (b, a)) < slots; a++)
	    {
	      uintptr_t slot = dm_slot_addr (b, a);
	      size_t k = dm_slot_of (nb, slot);
	      struct dm_attach_slot *to = dm_attach_slot (ctx, nb, k);
	      *to = *dm_slot_state (b, a);
	      to->skew = slot - dm_slot_base (nb) - k * DM_W;
	      dm_slot_set_count (nb, k, to->count);
	    }
	}
      /* Its segments now live in the new block.  */
      struct dm_maptable_pos pos;
      struct dm_mapping *m = dm_seg_from_pos (dev, b->host_start, &pos);
      while (m && m->host_start < b->host_end)
	{
	  if (m->block == b)
	    {
	      m->block = nb;
	      nb->nmappings++;
	    }
	  m = dm_maptable_step (&dev->map->table, &pos);
	}
      b->nmappings = 0;
      dm_block_release (dev, b);
    }
  dm_fix_attachments (ctx, nb, moved, moved + n, n);
  free (moved);
  dev->map->layout_generation++;
  if (t0)
    dm_ompt_fusion (t0, dev->id, us, ue - us, nb->dev_start, (int) n);
  return nb;
}

/* Add B to the set OLD[0..*N) unless there.  */
static void
dm_cover_add (struct dm_ctx *ctx, struct dm_block ***old, size_t *n,
	      size_t *cap, struct dm_block **found, struct dm_block *b)
{
  /* Collected already (by this dm_cover: its stamp)?  O(1), so that a
     section over n separately mapped elements costs O(n).  */
  if (b->cover_stamp == ctx->dev->map->cover_stamp)
    return;
  b->cover_stamp = ctx->dev->map->cover_stamp;
  if (*n == *cap)
    {
      struct dm_block **bigger = malloc (2 * *cap * sizeof *bigger);
      if (!bigger)
	dm_fail (ctx, "out of host memory fusing device blocks");
      memcpy (bigger, *old, *n * sizeof **old);
      if (*old != found)
	free (*old);
      *old = bigger;
      *cap *= 2;
    }
  (*old)[(*n)++] = b;
}

/* The block covering [S, E), fusing whatever overlaps or touches it.  A
   new block is indexed if INDEX (its segments will not cover it).  */
static struct dm_block *
dm_cover (struct dm_ctx *ctx, uintptr_t s, uintptr_t e, size_t align,
	  int index)
{
  struct dm_device *dev = ctx->dev;
  struct dm_block *found[16], **old = found;
  size_t n = 0, cap = 16;
  struct dm_maptable_pos pos;
  dev->map->cover_stamp++;		/* 64 bits: never wraps */

  /* Blocks reached through their segments...  */
  struct dm_mapping *m = dm_maptable_floor_pos (&dev->map->table, e, &pos);
  for (; m && m->host_end >= s;
       m = dm_maptable_step_back (&dev->map->table, &pos))
    {
      struct dm_block *b = m->block;
      if (m->host_end == m->host_start || b->index)
	continue;		/* empty, or found below */
      if (dm_block_immovable (b) && (b->host_end <= s || b->host_start >= e))
	continue;
      dm_cover_add (ctx, &old, &n, &cap, found, b);
    }
  /* ... and those that hold more than their segments.  */
  struct dm_mapping *ix = dev->map->blocks.count
			  ? dm_maptable_floor_pos (&dev->map->blocks, e, &pos)
			  : NULL;
  for (; ix && ix->host_end >= s;
       ix = dm_maptable_step_back (&dev->map->blocks, &pos))
    {
      struct dm_block *b = ix->block;
      /* Device memory that is not ours, or whose address the program
	 holds, serves only what it covers; next to it, new blocks stay
	 apart.  */
      if (dm_block_immovable (b) && (b->host_end <= s || b->host_start >= e))
	continue;
      dm_cover_add (ctx, &old, &n, &cap, found, b);
    }

  struct dm_block *b;
  if (n == 0)
    b = dm_block_alloc (ctx, s, e, align, index ? DM_BLOCK_INDEXED : 0);
  else if (n == 1 && old[0]->host_start <= s && e <= old[0]->host_end)
    b = old[0];
  else
    {
      /* Nor may blocks that queued work still uses: wait for the
	 queues first (the lock is released meanwhile), then look again.  */
      if (__builtin_expect (dm_async_unfenced (dev, ctx->async), 0))
	{
	  if (old != found)
	    free (old);
	  dm_ctx_before_wait (ctx);
	  dm_async_fence (dev, ctx->async);
	  return dm_cover (ctx, s, e, align, index);
	}
      /* Blocks a running region uses must not move under it: wait for
	 it to end (the lock is released meanwhile), then look again.  */
      for (size_t i = 0; i < n; i++)
	if (old[i]->pins)
	  {
	    if (old != found)
	      free (old);
	    dm_ctx_before_wait (ctx);
	    pthread_cond_wait (&dev->map->unpinned, &dev->lock);
	    return dm_cover (ctx, s, e, align, index);
	  }
      b = dm_fuse (ctx, old, n, s, e, align);
    }
  if (old != found)
    free (old);
  return b;
}

void
dm_dir_cover (struct dm_ctx *ctx, uintptr_t s, uintptr_t e, size_t align)
{
  if (e > s)
    dm_block_index (ctx, dm_cover (ctx, s, e, align, 1));
}

struct dm_block *
dm_dir_pin (struct dm_device *dev, uintptr_t p, enum dm_pin_kind kind)
{
  struct dm_mapping *m = dm_maptable_floor (&dev->map->table, p);
  if (!m || !(p < m->host_end || m->host_start == p))
    return NULL;
  if (kind == DM_PIN_ADDRESS)
    m->block->held++;
  else if (kind == DM_PIN_HANDED)
    m->block->handed = 1;
  else
    m->block->pins++;
  return m->block;
}

void
dm_dir_unpin (struct dm_device *dev, struct dm_block *b,
	      enum dm_pin_kind kind)
{
  if (kind == DM_PIN_ADDRESS)
    --b->held;
  else if (--b->pins == 0)
    {
      if (b->orphaned)
	dm_block_free_memory (dev, b);
      pthread_cond_broadcast (&dev->map->unpinned);
    }
  if (b->orphaned && b->pins == 0 && b->held == 0)
    {
      b->orphaned = 0;
      b->next = dev->map->free_blocks;
      dev->map->free_blocks = b;
    }
}


/* ---- entering ------------------------------------------------------- */

/* Whether an item of CTX that takes a reference to present segment M
   maps it afresh as far as the program can tell: an item of the
   program's own (not deep copy's) finding bytes that only references
   deep copy added hold, and that no target region has reached through
   deep copy (a record of replay.h pins only what regions reached).
   Without deep copy they would not be present, so the item copies them
   in as OpenMP says (a pointee the program maps itself at each kernel,
   inside a target data of its structure, with host writes between the
   kernels).  Where a region did reach them, the program relies on deep
   copy and its device copy is the newer: present, as deep copy says.
   Asked before the reference is taken; once per construct.  */
static inline int
dm_seg_fresh_to_program (const struct dm_ctx *ctx, const struct dm_mapping *m)
{
  return !ctx->deep && m->refcount != DM_REFCOUNT_INFINITE
	 && !dm_seg_mine (ctx, m) && m->refcount == m->deep_refs
	 && !(m->flags & DM_MAPPING_DEEP_KERNEL)
	 && !(m->pin && m->pin->kernel);
}

uintptr_t
dm_dir_enter (struct dm_ctx *ctx, uintptr_t s, uintptr_t e, size_t align,
	      int kind)
{
  struct dm_device *dev = ctx->dev;
  struct dm_maptable_pos pos;
  struct dm_mapping *m = dm_maptable_floor_pos (&dev->map->table, s, &pos);
  ctx->last = NULL;
  ctx->item_syncs = 1;		/* new segments: the program's own */

  /* The common case: the whole section is one present segment.  */
  if (m && m->host_start <= s && m->host_end >= e && m->host_end > s
      && m->host_end > m->host_start)
    {
      if (kind & DM_MAP_FLAG_FORCE)
	dm_fail (ctx, "host [%p, %p) is already mapped and the map type "
		 "forces a new mapping", (void *) s, (void *) e);
      /* OpenMP 5.0 (2.19.7.1): a section contained in a mapping is not a
	 mapping of its own; it counts on the mapping that holds it.  */
      int fresh = dm_seg_fresh_to_program (ctx, m);
      int in = dm_kind_always_to (kind)
	       || ((m->born_mark == ctx->mark || fresh)
		   && dm_kind_copies_to (kind));
      ctx->item_syncs = in || dm_kind_copies_from (kind);
      /* The program's own item that copies part of a segment deep copy
	 holds marks exactly its bytes the program's (OWN_LAST), as a
	 section over several segments does: the rest stays deep copy's
	 to copy back (an element of an array of structures mapped
	 tofrom by itself, after a kernel changed its neighbour through
	 the structure: random-deep seed 1213, program 8).  */
      if (!ctx->deep && ctx->item_syncs && m->deep_refs != 0
	  && m->refcount != DM_REFCOUNT_INFINITE && e > s
	  && (m->host_start < s || m->host_end > e))
	{
	  if (m->host_start < s)
	    m = dm_seg_split (ctx, m, s);
	  if (m->host_end > e)
	    dm_seg_split (ctx, m, e);
	}
      dm_seg_take (ctx, m);
      if (in)
	dm_copy (ctx, m->block, s, e, 1);
      ctx->last = m;
      return dm_block_dev (m->block, s);
    }

  if (kind == DM_MAP_FORCE_PRESENT)
    dm_fail (ctx, "host [%p, %p) (%zu bytes) must be present but is not "
	     "(wholly) mapped", (void *) s, (void *) e, (size_t) (e - s));
  /* Under DEEPMAP_EMU_STRICT, new bytes from memory of this very device:
     a device address taken for host data.  The emulated device copies it
     (its memory is the host's), where a GPU's copy reads device memory
     as host memory.  Not an error by default: GCC 12 drops
     has_device_addr for explicit-shape Fortran dummies and maps the
     device address instead (GCC 16's has_device_addr.f90), which such a
     copy serves.  */
  if (__builtin_expect (dm_config.emu_strict, 0)
      && dm_pool_overlaps (dev, s, e))
    dm_fail (ctx, "host [%p, %p) (%zu bytes) is memory of the device "
	     "itself, not host memory: a device address (from "
	     "use_device_ptr, use_device_addr, omp_target_alloc or "
	     "omp_get_mapped_ptr) where the program's host data belongs; "
	     "map the host data, or pass the device address with "
	     "is_device_ptr", (void *) s, (void *) e, (size_t) (e - s));

  /* The other common case: nothing mapped overlaps or touches the
     section.  One search placed it; it gets a block of its own.  */
  struct dm_maptable_pos next_pos = pos;
  struct dm_mapping *next = dm_maptable_step (&dev->map->table, &next_pos);
  if ((!m || m->host_end < s) && (!next || next->host_start > e))
    {
      struct dm_maptable_pos bpos;
      struct dm_mapping *ix
	= dev->map->blocks.count
	  ? dm_maptable_floor_pos (&dev->map->blocks, e, &bpos) : NULL;
      if (!ix || ix->host_end < s)
	{
	  struct dm_block *b = dm_block_alloc (ctx, s, e, align,
					       DM_BLOCK_BATCH);
	  struct dm_mapping *h = dm_seg_add_at (ctx, s, e, b, 1, &pos);
	  h->construct_mark = h->born_mark = ctx->mark;
	  if (dm_kind_copies_to (kind))
	    dm_copy (ctx, b, s, e, 1);
	  ctx->last = h;
	  return b->dev_start;
	}
    }

  struct dm_block *b = dm_cover (ctx, s, e, align, 0);
  int copy_new = dm_kind_copies_to (kind);
  /* A section that brings new bytes extends a mapping, which OpenMP
     leaves unspecified: its reference covers exactly its bytes (present
     segments split at its ends), so that each part is unmapped, and
     copied back, when its last section goes.  The refresh policy
     concerns such sections too.  */
  int extends = !dm_dir_present (dev, s, e);
  int refresh = copy_new
		&& __atomic_load_n (&dm_overlap_policy, __ATOMIC_RELAXED)
		   == DM_OVERLAP_REFRESH
		&& extends;
  uintptr_t c = s;
  while (c < e)
    {
      struct dm_mapping *n = dm_seg_from (dev, c);
      if (!n || n->host_start >= e)
	{
	  /* A hole up to E.  */
	  struct dm_mapping *h = dm_seg_add (ctx, c, e, b, 1);
	  h->construct_mark = h->born_mark = ctx->mark;
	  if (c == s)
	    ctx->last = h;
	  if (copy_new)
	    dm_copy (ctx, b, c, e, 1);
	  break;
	}
      if (n->host_start > c)
	{
	  struct dm_mapping *h = dm_seg_add (ctx, c, n->host_start, b, 1);
	  h->construct_mark = h->born_mark = ctx->mark;
	  if (copy_new)
	    dm_copy (ctx, b, c, n->host_start, 1);
	  c = n->host_start;
	  continue;
	}
      /* N is present and starts at or before C.  */
      if (extends && n->refcount != DM_REFCOUNT_INFINITE
	  && !dm_seg_mine (ctx, n))
	{
	  if (n->host_start < c)
	    n = dm_seg_split (ctx, n, c);
	  if (n->host_end > e)
	    dm_seg_split (ctx, n, e);
	}
      int fresh = dm_seg_fresh_to_program (ctx, n);
      /* Bytes an earlier item of this construct created without copying
	 them in (alloc, from) are new to this `to' item as well: every
	 byte that any to-item covers and that was not present before the
	 construct is copied in, whatever the items' order.  */
      int in = dm_kind_always_to (kind) || refresh
	       || ((n->born_mark == ctx->mark || fresh) && copy_new);
      ctx->item_syncs = in || dm_kind_copies_from (kind);
      dm_seg_take (ctx, n);
      uintptr_t z = n->host_end < e ? n->host_end : e;
      if (in)
	dm_copy (ctx, b, c, z, 1);
      c = z;
    }
  return dm_block_dev (b, s);
}

void
dm_dir_implicit_extent (struct dm_device *dev, uintptr_t *s, uintptr_t *e)
{
  struct dm_maptable_pos pos;
  struct dm_mapping *m = dm_seg_from_pos (dev, *s, &pos);
  if (!m || m->host_start >= *e)
    return;
  uintptr_t lo = m->host_start, hi = m->host_end;
  int movable = !dm_block_immovable (m->block);
  while ((m = dm_maptable_step (&dev->map->table, &pos)) && m->host_start < *e)
    {
      if (m->host_end > hi)
	hi = m->host_end;
      movable &= !dm_block_immovable (m->block);
    }
  if (lo >= *s && hi <= *e)
    {
      /* A small object (a structure or class, `this': its members
	 entered one by one, the object then used whole in a region) is
	 mapped whole, its absent bytes copied in: where the region reads
	 them it gets the host's values, not garbage; where it keeps to
	 the present part, as OpenMP requires, nothing differs.  Not
	 arrays (larger), whose present section is often all a region
	 uses, nor blocks fusion may not move.  */
      if (movable && *e - *s <= DM_IMPLICIT_WHOLE_MAX
	  && (lo > *s || hi < *e))
	return;
      *s = lo;
      *e = hi;
    }
}

uintptr_t
dm_dir_enter_empty (struct dm_ctx *ctx, uintptr_t p, int create)
{
  struct dm_device *dev = ctx->dev;
  struct dm_mapping *m = dm_maptable_floor (&dev->map->table, p);
  /* A zero-length section copies nothing: it leaves a segment it finds
     deep copy's to copy back (the one GCC adds for this->x in a member
     function's region kept the previous item's value, so an enter
     data's structure then lost what regions wrote to x).  */
  ctx->item_syncs = 0;
  if (m && (p < m->host_end || m->host_start == p))
    {
      dm_seg_take (ctx, m);
      return dm_block_dev (m->block, p);
    }
  /* Bytes a block holds but no mapping does (holes) are not present.  */
  if (!create)
    return 0;
  struct dm_block *b = dm_block_alloc (ctx, p, p, 16, 0);
  m = dm_seg_add (ctx, p, p, b, 1);
  m->construct_mark = ctx->mark;
  return b->dev_start;
}

/* ---- leaving -------------------------------------------------------- */

/* Drop the construct's reference on segment M and its structure group
   (once per construct; DELETE: to zero).  */
static void
dm_seg_drop (struct dm_ctx *ctx, struct dm_mapping *m, int delete)
{
  if (m->refcount == DM_REFCOUNT_INFINITE)
    return;
  /* What a deleted parent reached is released by the references the
     parent's maps took, not deleted: another parent (or the program)
     may still hold it.  */
  int deep_delete = delete && ctx->deep;
  int once = (!delete || deep_delete) && m->construct_mark == ctx->mark;
  struct dm_mapping *g = m;
  do
    {
      if (deep_delete)
	{
	  uint64_t k = g->deep_refs < ctx->deep_drop ? g->deep_refs
						      : ctx->deep_drop;
	  if (!once)
	    g->refcount -= k, g->deep_refs -= k;
	}
      else if (delete)
	g->refcount = 0;
      else if (!once && g->refcount > 0)
	{
	  g->refcount--;
	  if (ctx->deep && g->deep_refs > 0)
	    g->deep_refs--;
	}
      /* The program's own references are never fewer than none.  */
      if (g->deep_refs > g->refcount)
	g->deep_refs = g->refcount;
      g->construct_mark = ctx->mark;
      g = g->group_next ? g->group_next : g;
    }
  while (g != m);
}

/* Whether a map-from item of CTX copies segment M back: where its count
   reached zero, or, for an item of the program's own, where only
   references deep copy added remain (an explicit `exit data map(from:)'
   of a pointee that a deep-mapped structure also reaches copies back as
   it would without deep copy).  */
static inline int
dm_seg_released (const struct dm_ctx *ctx, struct dm_mapping *m)
{
  /* A replayer's reference is a deep one (replay.h).  Deep copy's
     release leaves what the program mapped itself last: its own item
     copied it back, as OpenMP does, and the host may have changed it
     since (a pointee a program maps itself at each kernel, inside a
     target data of its structure).  */
  if (ctx->deep && (m->flags & DM_MAPPING_OWN_LAST)
      && !(m->pin && m->pin->kernel))
    return 0;
  /* Nor what the program mapped itself that no region reached through
     deep copy: deep copy brought nothing in there and nothing of its
     changed it (a pointee the program mapped alloc holds device
     garbage: the plugin campaign's enter data alloc, then the
     structure's exit data from).  */
  if (ctx->deep
      && !(m->flags & (DM_MAPPING_DEEP_BORN | DM_MAPPING_DEEP_KERNEL))
      && !(m->pin && m->pin->kernel))
    return 0;
  return (m->refcount == 0 && !dm_seg_replayed (m))
	 || (!ctx->deep && m->refcount == m->deep_refs);
}

/* Remove segment M (count zero; HINT: its place, or NULL) and the rest
   of its structure group, wherever they lie.  */
static void
dm_seg_reap (struct dm_ctx *ctx, struct dm_mapping *m,
	     const struct dm_maptable_pos *hint)
{
  if (m->group_next)
    {
      /* Removing the others moves M in the table.  */
      hint = NULL;
      while (m->group_next)
	dm_seg_remove (ctx, m->group_next, NULL);
    }
  dm_seg_remove (ctx, m, hint);
}

void
dm_dir_release (struct dm_ctx *ctx, uintptr_t s, uintptr_t e, int delete)
{
  struct dm_device *dev = ctx->dev;
  if (s == e)
    {
      struct dm_mapping *m = dm_maptable_floor (&dev->map->table, s);
      if (m && (s < m->host_end || m->host_start == s))
	dm_seg_drop (ctx, m, delete);
      return;
    }
  /* Every segment [S, E) touches loses the reference as a whole: a
     section inside a mapping counted on that mapping (dm_dir_enter).  */
  struct dm_maptable_pos pos;
  struct dm_mapping *m = dm_seg_from_pos (dev, s, &pos);
  for (; m && m->host_start < e; m = dm_maptable_step (&dev->map->table, &pos))
    if (m->host_end > m->host_start)
      dm_seg_drop (ctx, m, delete);
}

/* Copy the present bytes of [S, E) to the device (TO) or back; with
   !ALL only those of segments whose count is zero.  */
static void
dm_copy_present (struct dm_ctx *ctx, uintptr_t s, uintptr_t e, int to,
		 int all)
{
  struct dm_device *dev = ctx->dev;
  if (s == e)
    return;
  struct dm_maptable_pos pos;
  struct dm_mapping *m = dm_seg_from_pos (dev, s, &pos);
  for (; m && m->host_start < e; m = dm_maptable_step (&dev->map->table, &pos))
    if (m->host_end > m->host_start
	&& (all || dm_seg_released (ctx, m)))
      {
	uintptr_t a = m->host_start < s ? s : m->host_start;
	uintptr_t z = m->host_end > e ? e : m->host_end;
	dm_copy (ctx, m->block, a, z, to);
      }
}

void
dm_dir_copy_back (struct dm_ctx *ctx, uintptr_t s, uintptr_t e, int all)
{
  dm_copy_present (ctx, s, e, 0, all);
}

void
dm_dir_reap (struct dm_ctx *ctx, uintptr_t s, uintptr_t e)
{
  struct dm_device *dev = ctx->dev;
  if (s == e)
    {
      struct dm_mapping *m = dm_maptable_floor (&dev->map->table, s);
      if (m && m->host_start == s && m->host_end == s && m->refcount == 0
	  && !dm_seg_replayed (m))
	dm_seg_reap (ctx, m, NULL);
      else if (m && s < m->host_end && m->refcount == 0
	       && !dm_seg_replayed (m))
	dm_seg_reap (ctx, m, NULL);
      return;
    }
  for (;;)
    {
      /* Removal invalidates places: search again after each one.  */
      struct dm_maptable_pos pos;
      struct dm_mapping *m = dm_seg_from_pos (dev, s, &pos);
      while (m && m->host_start < e
	     && (m->refcount != 0 || dm_seg_replayed (m)))
	m = dm_maptable_step (&dev->map->table, &pos);
      if (!m || m->host_start >= e)
	return;
      s = m->host_end;
      dm_seg_reap (ctx, m, NULL);
    }
}

/* ---- queries and updates -------------------------------------------- */

void
dm_dir_after_fork (struct dm_device *dev)
{
  struct dm_maptable_pos pos = { 0, -1 };
  for (struct dm_mapping *m = dm_maptable_step (&dev->map->table, &pos); m;
       m = dm_maptable_step (&dev->map->table, &pos))
    m->block->pins = m->block->held = 0;
}

size_t
dm_dir_forget (struct dm_ctx *ctx, uintptr_t s, uintptr_t e)
{
  size_t bytes = 0;
  struct dm_maptable_pos pos;
  struct dm_mapping *m = dm_seg_from_pos (ctx->dev, s, &pos);
  for (; m && m->host_start < e;
       m = dm_maptable_step (&ctx->dev->map->table, &pos))
    if (m->refcount != DM_REFCOUNT_INFINITE)
      bytes += (m->host_end < e ? m->host_end : e)
	       - (m->host_start > s ? m->host_start : s);
  if (bytes)
    {
      dm_dir_release (ctx, s, e, 1);
      dm_dir_reap (ctx, s, e);
    }
  return bytes;
}

int
dm_dir_any_present (struct dm_device *dev, uintptr_t s, uintptr_t e)
{
  struct dm_mapping *m = dm_seg_from (dev, s);
  return m && m->host_start < e;
}

int
dm_dir_any_present_before (struct dm_ctx *ctx, uintptr_t s, uintptr_t e)
{
  struct dm_maptable_pos pos;
  struct dm_mapping *m = dm_seg_from_pos (ctx->dev, s, &pos);
  for (; m && m->host_start < e;
       m = dm_maptable_step (&ctx->dev->map->table, &pos))
    if (m->host_end > m->host_start && m->born_mark != ctx->mark)
      return 1;
  return 0;
}

void
dm_dir_group (struct dm_mapping **segs, size_t n)
{
  if (n < 2)
    return;
  for (size_t i = 0; i < n; i++)
    segs[i]->group_next = segs[(i + 1) % n];
}

struct dm_mapping *
dm_dir_born_here (struct dm_ctx *ctx, uintptr_t p)
{
  struct dm_mapping *m = dm_maptable_floor (&ctx->dev->map->table, p);
  return m && p < m->host_end && m->born_mark == ctx->mark
	 && m->refcount == 1 ? m : NULL;
}

void
dm_dir_group_add (struct dm_mapping *m, struct dm_mapping *n)
{
  n->group_next = m->group_next ? m->group_next : m;
  m->group_next = n;
}

void
dm_dir_update (struct dm_ctx *ctx, uintptr_t s, uintptr_t e, int to)
{
  dm_copy_present (ctx, s, e, to, 1);
}

uintptr_t
dm_dir_translate_part (struct dm_device *dev, uintptr_t s, uintptr_t e,
		       uintptr_t *lo, uintptr_t *hi)
{
  struct dm_maptable_pos pos;
  struct dm_mapping *m = dm_seg_from_pos (dev, s, &pos);
  if (!m || m->host_start >= e)
    return 0;
  *lo = m->host_start > s ? m->host_start : s;
  *hi = m->host_end < e ? m->host_end : e;
  /* Segments of one block that follow on are one part.  */
  for (struct dm_mapping *n; *hi < e
			     && (n = dm_maptable_step (&dev->map->table, &pos))
			     && n->host_start == *hi && n->block == m->block;)
    *hi = n->host_end < e ? n->host_end : e;
  return dm_block_dev (m->block, *lo);
}

uintptr_t
dm_dir_translate (struct dm_device *dev, uintptr_t p, int allow_end)
{
  struct dm_mapping *m = dm_maptable_floor (&dev->map->table, p);
  if (m && (p < m->host_end || m->host_start == p))
    return dm_block_dev (m->block, p);
  if (allow_end && m && m->host_end == p && m->host_start != p)
    return dm_block_dev (m->block, p);
  return 0;
}

int
dm_dir_present (struct dm_device *dev, uintptr_t s, uintptr_t e)
{
  uintptr_t c = s;
  while (c < e)
    {
      struct dm_mapping *m = dm_seg_from (dev, c);
      if (!m || m->host_start > c)
	return 0;
      c = m->host_end;
    }
  return 1;
}

uint64_t
dm_dir_own_count (struct dm_device *dev, uintptr_t s, uintptr_t e)
{
  uint64_t max = 0;
  struct dm_maptable_pos pos;
  struct dm_mapping *m = dm_seg_from_pos (dev, s, &pos);
  for (; m && m->host_start < (e > s ? e : s + 1);
       m = dm_maptable_step (&dev->map->table, &pos))
    if (m->refcount != DM_REFCOUNT_INFINITE
	&& m->refcount - m->deep_refs > max)
      max = m->refcount - m->deep_refs;
  return max;
}

/* ---- permanent entries ---------------------------------------------- */

int
dm_dir_associate (struct dm_ctx *ctx, uintptr_t s, uintptr_t e,
		  uintptr_t devaddr)
{
  struct dm_device *dev = ctx->dev;
  struct dm_mapping *m = dm_seg_from (dev, s);
  if (m && m->host_start < (e > s ? e : s + 1))
    {
      /* Associating what is already associated the same way is allowed.  */
      return (m->flags & DM_MAPPING_ASSOCIATED) && m->host_start == s
	     && dm_block_dev (m->block, s) == devaddr ? 0 : -1;
    }
  struct dm_mapping *ix = dm_maptable_floor (&dev->map->blocks, s);
  if (ix && s < ix->host_end)
    return -1;
  struct dm_block *b = dm_block_foreign (ctx, s, e, devaddr);
  m = dm_seg_add (ctx, s, e, b, DM_REFCOUNT_INFINITE);
  m->flags = DM_MAPPING_ASSOCIATED;
  dev->map->nassociated++;
  return 0;
}

int
dm_dir_remove_permanent (struct dm_ctx *ctx, uintptr_t s, unsigned flag)
{
  struct dm_device_map *map = ctx->dev->map;
  struct dm_mapping *m = dm_maptable_floor (&map->table, s);
  if (!m || m->host_start != s || !(m->flags & flag))
    return -1;
  if ((m->flags & DM_MAPPING_ASSOCIATED) && map->nassociated > 0)
    map->nassociated--;
  dm_seg_remove (ctx, m, NULL);
  return 0;
}

int
dm_dir_associated_in (struct dm_device *dev, uintptr_t d, size_t size,
		      uintptr_t *host)
{
  /* Programs that associate are few, and hold few associations: a walk
     of the table, only then.  */
  if (dev->map->nassociated == 0)
    return 0;
  struct dm_maptable_pos pos = { 0, -1 };
  for (struct dm_mapping *m; (m = dm_maptable_step (&dev->map->table,
						    &pos)) != NULL;)
    if (m->flags & DM_MAPPING_ASSOCIATED)
      {
	uintptr_t md = dm_mapping_dev (m, m->host_start);
	size_t len = m->host_end - m->host_start;
	if (md < d + size && d < md + (len ? len : 1))
	  {
	    *host = m->host_start;
	    return 1;
	  }
      }
  return 0;
}

void
dm_dir_declare (struct dm_ctx *ctx, uintptr_t s, uintptr_t e,
		uintptr_t devaddr, const void *initial)
{
  struct dm_device *dev = ctx->dev;
  if (dm_seg_from (dev, s) && dm_dir_present (dev, s, e > s ? e : s + 1))
    return;
  struct dm_block *b;
  if (devaddr)
    b = dm_block_foreign (ctx, s, e, devaddr);
  else
    {
      /* All zero (a .bss variable): memory that reads as zeros, not a
	 copy of them.  */
      b = dm_block_alloc (ctx, s, e, 16,
			  DM_BLOCK_INDEXED | DM_BLOCK_END_OWN
			  | (initial ? 0 : DM_BLOCK_ZEROED));
      /* Ours, but it must never move: region code may hold its address
	 for good.  */
      b->fixed = 1;
      if (initial && e > s
	  && dm_copy_to_device (dev, b->dev_start, initial, e - s, NULL) != 0)
	dm_fail (ctx, "initialising the declare target variable at host %p "
		 "(%zu bytes) failed: %s", (void *) s, (size_t) (e - s),
		 dm_reason ());
    }
  struct dm_mapping *m = dm_seg_add (ctx, s, e, b, DM_REFCOUNT_INFINITE);
  m->flags = DM_MAPPING_DECLARE_TARGET;
}

void
dm_dir_leave (struct dm_ctx *ctx, uintptr_t s, uintptr_t e, int delete,
	      int copy_from, int always, struct dm_mapping *hint,
	      unsigned gen)
{
  struct dm_device *dev = ctx->dev;
  struct dm_maptable_pos pos, *where = &pos;
  struct dm_mapping *m;
  if (hint && gen == dev->map->table_generation)
    {
      m = hint;
      where = NULL;
    }
  else
    m = e > s ? dm_maptable_floor_pos (&dev->map->table, s, &pos) : NULL;
  if (m && m->host_start == s && m->host_end == e && e > s)
    {
      /* One segment: count down, copy back, remove in one visit.  */
      dm_seg_drop (ctx, m, delete);
      if (always || (copy_from && dm_seg_released (ctx, m)))
	dm_copy (ctx, m->block, s, e, 0);
      if (m->refcount == 0 && !dm_seg_replayed (m))
	dm_seg_reap (ctx, m, where);
      return;
    }
  dm_dir_release (ctx, s, e, delete);
  if (copy_from || always)
    dm_dir_copy_back (ctx, s, e, always);
  dm_dir_reap (ctx, s, e);
}
