/* mapping.c -- OpenMP 5.1 mapping semantics for the constructs GCC 12
   emits: map types and modifiers, reference counts (at most one per
   construct on each byte), struct members, pointer attachment,
   firstprivate data, use_device_ptr/addr, and the translated address
   array of a region.  Where the bytes live and for how long is the
   directory's business (directory.c); this file decides what each list
   item asks of it.  All of a construct's work happens under the device
   lock, so concurrent host threads see each construct as one step.  */
#include "support/export.h"
#include <alloca.h>
#include <stdio.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "engine/async.h"
#include "support/config.h"
#include "engine/devstate.h"
#include "map/descriptor.h"
#include "map/directory.h"
#include "support/error.h"
#include "support/sort.h"
#include "map/mapping.h"
#include "map/overwrite.h"
#include "map/pipeline.h"
#include "map/replay.h"
#include "map/scratch.h"
#include "support/ompabi.h"
#include "engine/transfer.h"

/* Is a target or target data construct of another thread between its
   mapping and its end on DEV?  Under the lock.  */
static int
dm_other_thread_active (struct dm_device *dev)
{
  pthread_t self = pthread_self ();
  for (const struct dm_env *e = dev->map->active; e; e = e->active_next)
    if (!pthread_equal (e->thread, self))
      return 1;
  return 0;
}

/* After mapping a construct's list (under the lock): the replay or the
   record of its deep item (DEEP->replay).  */
static void
dm_map_replay_note_run (struct dm_device *dev, const struct dm_deep_info *deep,
			struct dm_env *env, size_t n, void **addrs,
			const size_t *sizes, const unsigned short *kinds,
			uint64_t min_count)
{
  struct dm_deep_replay_info *ri = deep->replay;
  if (ri->replay && env)
    {
      env->replay = ri->replay;
      env->replay_from = ri->copy_from;
    }
  /* Not where the other holder may be another thread's construct that
     ends any moment: a record vouches for holders that stay (enter
     data, an enclosing target data of this thread).  Recorded against
     one that went, replays left references behind, and with them old
     device copies that later constructs found present (random-deep
     seed 1212, program 24).  */
  else if (ri->record_type && deep->from
	   && (!env || !dm_other_thread_active (dev)))
    dm_replay_record_list (dev, ri->record_host, ri->record_type, n, addrs,
			   sizes, kinds, deep->from - 1, min_count);
}

static inline void
dm_map_replay_note (struct dm_device *dev, const struct dm_deep_info *deep,
		    struct dm_env *env, size_t n, void **addrs,
		    const size_t *sizes, const unsigned short *kinds,
		    uint64_t min_count)
{
  /* Only deep items have replays: no call for the others.  */
  if (__builtin_expect (deep != NULL && deep->replay != NULL, 0))
    dm_map_replay_note_run (dev, deep, env, n, addrs, sizes, kinds,
			    min_count);
}

/* ENV maps now and ends later (dm_unmap_construct).  Under the lock.  */
static void
dm_env_activate (struct dm_device *dev, struct dm_env *env)
{
  env->thread = pthread_self ();
  env->active_prev = NULL;
  env->active_next = dev->map->active;
  if (env->active_next)
    env->active_next->active_prev = env;
  dev->map->active = env;
}

static void
dm_env_deactivate (struct dm_device *dev, struct dm_env *env)
{
  if (env->active_prev)
    env->active_prev->active_next = env->active_next;
  else
    dev->map->active = env->active_next;
  if (env->active_next)
    env->active_next->active_prev = env->active_prev;
}

void
dm_map_after_fork (struct dm_device *dev)
{
  /* The other threads' constructs never end in the child.  */
  pthread_t self = pthread_self ();
  for (struct dm_env *e = dev->map->active, *next; e; e = next)
    {
      next = e->active_next;
      if (!pthread_equal (e->thread, self))
	dm_env_deactivate (dev, e);
    }
}

static inline int
dm_is_firstprivate (void *host, unsigned short kind)
{
  return (kind & 0xff) == DM_MAP_FIRSTPRIVATE && host;
}

size_t
dm_firstprivate_size (size_t mapnum, void **hostaddrs, const size_t *sizes,
		      const unsigned short *kinds, size_t start,
		      size_t *align)
{
  size_t off = start;
  for (size_t i = 0; i < mapnum; i++)
    if (dm_is_firstprivate (hostaddrs[i], kinds[i]))
      {
	size_t a = (size_t) 1 << (kinds[i] >> 8);
	if (a > *align)
	  *align = a;
	off = ((off + a - 1) & ~(a - 1)) + sizes[i];
      }
  return off;
}

void
dm_firstprivate_pack (size_t mapnum, void **hostaddrs, const size_t *sizes,
		      const unsigned short *kinds, char *buf, size_t start,
		      size_t *offsets)
{
  size_t off = start;
  for (size_t i = 0; i < mapnum; i++)
    if (dm_is_firstprivate (hostaddrs[i], kinds[i]))
      {
	size_t a = (size_t) 1 << (kinds[i] >> 8);
	off = (off + a - 1) & ~(a - 1);
	memcpy (buf + off, hostaddrs[i], sizes[i]);
	offsets[i] = off;
	off += sizes[i];
      }
}

static inline int
dm_item_kind (unsigned short k, int *implicit)
{
  int kind = k & 0xff;
  *implicit = (kind & DM_MAP_SPECIAL_BITS) == DM_MAP_IMPLICIT;
  if (*implicit)
    kind &= ~DM_MAP_IMPLICIT;
  return kind;
}

/* ---- deferred copies in -----------------------------------------------

   An enter data whose item is announced as overwritten (the plugin's
   hoisted enter data of a section that a construct of the loop stores to
   in full, map/overwrite.h) maps it without copying it in, when none of
   its bytes was present, and keeps the range as pending.  The next
   construct that names any of its bytes settles it: a target region
   whose item was checked to overwrite all of it drops the copy; any
   other construct gets it first, of the host bytes as they are then
   (the host does not change them meanwhile: the plugin sends what it
   writes with a target update, which settles the range too).  A device
   address of the range can only come from this device's mapping layer,
   so everything else that may hand one out or read device memory (a
   construct with pointer, attachment or structure entries or deep
   items, a translation, an association, a pipeline, the strict scan)
   makes every pending copy first.  */

static void
dm_pending_copy (struct dm_device *dev, size_t k)
{
  struct dm_device_map *map = dev->map;
  struct dm_pending_in p = map->pending[k];
  map->pending[k] = map->pending[--map->npending];
  struct dm_ctx ctx = { .dev = dev, .construct = DM_CONSTRUCT_UPDATE };
  dm_dir_update (&ctx, p.host, p.host + p.size, 1);
}

void
dm_pending_flush_all (struct dm_device *dev)
{
  while (dev->map->npending)
    dm_pending_copy (dev, dev->map->npending - 1);
}

/* Does an item of the construct other than DEEP map bytes that R
   reaches, or attach a pointer in the item or what R reaches (a pointer
   the construct attaches itself is left to it: deep copy does not
   follow it)?  */
static int
dm_replay_mixed (const struct dm_replay *r, size_t deep, size_t mapnum,
		 void **hostaddrs, const size_t *sizes,
		 const unsigned short *kinds)
{
  for (size_t j = 0; j < mapnum; j++)
    {
      int implicit;
      int k = dm_item_kind (kinds[j], &implicit);
      uintptr_t h = (uintptr_t) hostaddrs[j];
      if (j == deep || !h)
	continue;
      /* alloc, to, from, tofrom and their always forms.  */
      if (sizes[j] && k < 0x20 && !(k & DM_MAP_FLAG_SPECIAL)
	  && dm_replay_reaches (r, h, sizes[j]))
	return 1;
      if ((k == DM_MAP_ATTACH || k == DM_MAP_ATTACH_ZERO_LENGTH_ARRAY_SECTION)
	  && ((h >= (uintptr_t) hostaddrs[deep]
	       && h - (uintptr_t) hostaddrs[deep] < sizes[deep])
	      || dm_replay_reaches (r, h, sizeof (void *))))
	return 1;
    }
  return 0;
}

struct dm_replay *
dm_map_replay_begin (struct dm_device *dev, int kernel, size_t deep,
		     const struct deepmap_type *t, size_t mapnum,
		     void **hostaddrs, const size_t *sizes,
		     const unsigned short *kinds, int *mixed)
{
  dm_device_lock (dev);
  struct dm_replay *r = dm_replay_begin (dev, (uintptr_t) hostaddrs[deep], t);
  *mixed = r && dm_replay_mixed (r, deep, mapnum, hostaddrs, sizes, kinds);
  if (*mixed)
    {
      dm_replay_cancel (r);
      r = NULL;
    }
  else if (r && kernel)
    dm_replay_pin_of (r)->kernel = 1;
  /* The replayed objects go to the region as they are on the device:
     the pending copies into any of them are made first.  Without a
     replay, the expanded list settles them (dm_pending_settle).  */
  struct dm_device_map *map = dev->map;
  for (size_t k = 0; r && k < map->npending;)
    if (dm_replay_reaches (r, map->pending[k].host, map->pending[k].size))
      dm_pending_copy (dev, k);
    else
      k++;
  pthread_mutex_unlock (&dev->lock);
  return r;
}

static int
dm_pending_is_over (const struct dm_deep_info *deep, size_t i)
{
  for (size_t k = 0; deep && k < deep->nover; k++)
    if (deep->over[k] == i)
      return 1;
  return 0;
}

/* Settle the pending copies the list of a construct touches (under the
   lock, before it is mapped).  */
static void
dm_pending_settle_list (struct dm_device *dev, size_t n, void **addrs,
			const size_t *sizes, const unsigned short *kinds,
			const struct dm_deep_info *deep, int update)
{
  struct dm_device_map *map = dev->map;
  for (size_t k = 0; k < map->npending;)
    {
      uintptr_t ps = map->pending[k].host;
      size_t psize = map->pending[k].size;
      int touched = 0, other = 0;
      for (size_t i = 0; i < n; i++)
	switch (dm_entry_reach (kinds[i], addrs[i], sizes[i], ps, psize))
	  {
	  case DM_REACH_UNKNOWN:
	    dm_pending_flush_all (dev);
	    return;
	  case DM_REACH_BYTES:
	    {
	      /* Through an attached pointer: read, never its own item.  */
	      touched = 1;
	      int kind = dm_plain_kind (kinds[i]);
	      int covers = kind != DM_MAP_ATTACH && kind != DM_MAP_DETACH
			   && kind != DM_MAP_ATTACH_ZERO_LENGTH_ARRAY_SECTION
			   && (uintptr_t) addrs[i] <= ps
			   && ps + psize <= (uintptr_t) addrs[i] + sizes[i];
	      /* An update that sends all of it replaces the copy in (the
		 host's write before it, which the plugin announces so).  */
	      int sent = update && covers && dm_kind_copies_to (kind)
			 && !dm_kind_copies_from (kind);
	      other |= !sent && !(covers && dm_pending_is_over (deep, i));
	      break;
	    }
	  case DM_REACH_NONE:
	    break;
	  }
      if (!touched)
	k++;
      else if (other)
	dm_pending_copy (dev, k);
      else
	map->pending[k] = map->pending[--map->npending];
    }
}

static inline void
dm_pending_settle (struct dm_device *dev, size_t n, void **addrs,
		   const size_t *sizes, const unsigned short *kinds,
		   const struct dm_deep_info *deep, int update)
{
  if (__builtin_expect (dev->map->npending != 0, 0))
    dm_pending_settle_list (dev, n, addrs, sizes, kinds, deep, update);
}

/* Item I of an enter data (host H, SIZE bytes, map KIND) is announced
   as overwritten by the construct that uses it next: when none of its
   bytes is present and it would be copied in, map it without the copy
   and keep the copy pending.  Returns the kind to map it with.  */
static int
dm_pending_defer (struct dm_device *dev, const struct dm_deep_info *deep,
		  size_t n, void **addrs, const size_t *sizes,
		  const unsigned short *kinds, size_t i, int kind)
{
  uintptr_t h = (uintptr_t) addrs[i];
  size_t size = sizes[i];
  if (!dm_pending_is_over (deep, i) || (kind != DM_MAP_TO
					&& kind != DM_MAP_TOFROM)
      || !size || dm_dir_any_present (dev, h, h + size))
    return kind;
  /* Another entry of the same enter data that reaches the section (the
     objects and pointers of a structure it maps deep) has it copied in
     now anyway.  */
  for (size_t j = 0; j < n; j++)
    if (j != i
	&& dm_entry_reach (kinds[j], addrs[j], sizes[j], h, size)
	   != DM_REACH_NONE)
      return kind;
  struct dm_device_map *map = dev->map;
  if (map->npending == map->pending_cap)
    {
      size_t cap = map->pending_cap ? 2 * map->pending_cap : 8;
      struct dm_pending_in *p = realloc (map->pending, cap * sizeof *p);
      if (!p)
	return kind;		/* copied in now: still right */
      map->pending = p;
      map->pending_cap = cap;
    }
  map->pending[map->npending++] = (struct dm_pending_in) { h, size };
  return kind & ~DM_MAP_FLAG_TO;
}


/* An item's alignment; deep copy's attach entries of end pointers use
   the byte for their begin pointer (DM_ATTACH_BEGIN): a pointer's.  */
static inline size_t
dm_item_align (unsigned short k)
{
  unsigned s = k >> 8;
  return s & DM_ATTACH_BEGIN ? sizeof (void *) : (size_t) 1 << s;
}

/* The bytes of the slab that a deep copy construct's new objects are
   carved from (directory.h, struct dm_ctx): the batch strategy's, on a
   synchronous construct, room for every item small enough to be
   batched and not present on DEV, the program's own and those deep copy
   added, placed as they will be (an item that maps no memory, or one that
   fuses with what it touches, takes none of it: that part stays unused
   until the slab goes).  Present objects are left out: a structure that
   stays mapped and gains a node per construct would otherwise get a
   slab of its whole size for each new node, and keep it.  0: no slab.
   Under DEV's lock.  */
static size_t
dm_slab_bytes (struct dm_device *dev, const struct dm_deep_info *deep,
	       size_t mapnum, void **hostaddrs, const size_t *sizes,
	       const unsigned short *kinds, const struct dm_async *a)
{
  if (a || !deep || !deep->planned || !dm_deep_first (deep)
      || dm_config.deep_strategy != DM_DEEP_BATCH)
    return 0;
  /* The items are entered in order: carve them here as dm_slab_carve
     will (from a 16-byte-aligned start, each device address congruent
     to its host address modulo its alignment).  */
  size_t next = 0, n = 0, slack = 0;
  for (size_t i = 0; i < mapnum; i++)
    {
      int implicit, kind = dm_item_kind (kinds[i], &implicit);
      uintptr_t h = (uintptr_t) hostaddrs[i];
      if ((kind & DM_MAP_FLAG_ATTACH)
	  || sizes[i] == 0 || sizes[i] > DM_BATCH_MAX
	  || dm_dir_any_present (dev, h, h + sizes[i]))
	continue;
      size_t a = dm_item_align (kinds[i]);
      if (a < 16)
	a = 16;
      /* The slab starts 16-byte aligned only: a larger alignment may
	 need up to A - 16 bytes more.  */
      slack += a - 16;
      next += ((h - next) & (a - 1)) + sizes[i];
      n++;
    }
  /* One object alone gains nothing from a slab.  */
  return n < 2 ? 0 : next + slack;
}

/* Map one ordinary item (alloc/to/from/tofrom and their always/force
   forms) of SIZE bytes at H; fill ITEM (if given) and return the device
   address of H.  */
static uintptr_t
dm_enter_item (struct dm_ctx *ctx, uintptr_t h, size_t size, int kind,
	       size_t align, int implicit, struct dm_env_item *item)
{
  uintptr_t s = h, e = h + size, d;
  if (size == 0)
    d = dm_dir_enter_empty (ctx, h, 1);
  else
    {
      /* OpenMP 5.1: an implicitly mapped object that contains what is
	 mapped already uses just that.  */
      if (implicit)
	dm_dir_implicit_extent (ctx->dev, &s, &e);
      d = dm_dir_enter (ctx, s, e, align, kind) + (h - s);
    }
  if (item)
    {
      item->host = s;
      item->size = e - s;
      item->held = 1;
      item->copy_from = dm_kind_copies_from (kind);
      item->always_from = dm_kind_always_from (kind);
      item->seg = size ? ctx->last : NULL;
      item->seg_generation = ctx->dev->map->table_generation;
    }
  return d;
}

static int
dm_in_group (struct dm_mapping *const *group, size_t n,
	     const struct dm_mapping *m)
{
  for (size_t k = 0; k < n; k++)
    if (group[k] == m)
      return 1;
  return 0;
}

/* Map the members of a struct: entry I is GOMP_MAP_STRUCT (its address
   the struct's), its size the number of members that follow (sorted by
   address, mostly: GCC 12 lists x->v before x->u for map(x->u, x->v),
   so the extent is taken over all of them).  One device block covers
   the members' whole extent, so that
   the struct's device layout matches the host's between them.  OpenMP
   5.0 (2.19.7.1): members mapped together share one reference count; if
   part of the struct is present already, every member must be (as
   GCC's libgomp, whose message a program may look for, requires).  */
static void
dm_enter_struct (struct dm_ctx *ctx, size_t i, void **hostaddrs,
		 size_t *sizes, unsigned short *kinds, uintptr_t *devaddrs,
		 struct dm_env_item *items)
{
  size_t first = i + 1, last = i + sizes[i];
  uintptr_t start = (uintptr_t) hostaddrs[first];
  uintptr_t end = start + sizes[first];
  for (size_t j = first + 1; j <= last; j++)
    {
      uintptr_t h = (uintptr_t) hostaddrs[j];
      if (h < start)
	start = h;
      if (h + sizes[j] > end)
	end = h + sizes[j];
    }
  uintptr_t base = (uintptr_t) hostaddrs[i];
  uintptr_t lo = base < start ? base : start;
  /* The members share one count only where no byte of them was present,
     not even by an earlier item of this construct (`this' mapped whole
     by GCC before this->a[0:n] and this->n as a structure): their
     segments are then that item's.  Only then is the second lookup
     needed.  */
  int fresh = !dm_dir_any_present (ctx->dev, lo, end);
  int existing = !fresh && dm_dir_any_present_before (ctx, lo, end);
  struct dm_mapping **group = alloca ((last - first + 1) * sizeof *group);
  size_t ngroup = 0;
  dm_dir_cover (ctx, start, end, dm_item_align (kinds[i]));
  for (size_t j = first; j <= last; j++)
    {
      int implicit;
      int kind = dm_item_kind (kinds[j], &implicit);
      uintptr_t h = (uintptr_t) hostaddrs[j];
      if (existing && sizes[j] && !dm_dir_present (ctx->dev, h, h + sizes[j]))
	dm_fail (ctx, "Trying to map into device [%p..%p) structure element "
		 "when other mapped elements from the same structure "
		 "weren't mapped together with it", (void *) h,
		 (void *) (h + sizes[j]));
      uintptr_t d = dm_enter_item (ctx, h, sizes[j], kind,
				   dm_item_align (kinds[j]), implicit,
				   items ? &items[j] : NULL);
      /* A member named twice (gfortran's map(to: u%p) map(tofrom:
	 u%p(:)) lists the descriptor as two members) joins once.  */
      if (fresh && sizes[j] && ctx->last
	  && !dm_in_group (group, ngroup, ctx->last))
	group[ngroup++] = ctx->last;
      if (devaddrs)
	devaddrs[j] = d;
    }
  dm_dir_group (group, ngroup);
  if (devaddrs)
    /* The struct entry itself translates to the struct's base.  */
    devaddrs[i] = devaddrs[first] - ((uintptr_t) hostaddrs[first]
				     - (uintptr_t) hostaddrs[i]);
}

struct dm_range
{
  uintptr_t s, e;
  size_t align;
  int implicit;
};

/* Cover each run of the sorted ranges R[0..N) that overlap or touch
   with one block.  FILTER: first leave out of a run the ranges wholly
   present, which need no block (a declare target variable, whose block
   cannot grow, beside its neighbour: HeCBench's crc64, two adjacent
   tables), and cover what is left; asked only of runs, which are few.  */
static void
dm_cover_touching (struct dm_ctx *ctx, struct dm_range *r, size_t n,
		   int filter)
{
  for (size_t i = 0; i < n;)
    {
      size_t j = i + 1;
      struct dm_range c = r[i];
      while (j < n && r[j].s <= c.e)
	{
	  if (r[j].e > c.e)
	    c.e = r[j].e;
	  if (r[j].align > c.align)
	    c.align = r[j].align;
	  j++;
	}
      if (j - i > 1 && filter)
	{
	  size_t m = 0;
	  for (size_t k = i; k < j; k++)
	    if (!dm_dir_present (ctx->dev, r[k].s, r[k].e))
	      r[i + m++] = r[k];
	  dm_cover_touching (ctx, r + i, m, 0);
	}
      else if (j - i > 1)
	dm_dir_cover (ctx, c.s, c.e, c.align);
      i = j;
    }
}

/* Does an item of KIND (without its alignment bits) and SIZE map bytes:
   to/from/alloc and their always/force forms, not empty (an attach
   entry's size is its bias)?  */
static inline int
dm_maps_bytes (int kind, size_t size)
{
  return size != 0 && !(kind & (DM_MAP_FLAG_SPECIAL | DM_MAP_FLAG_ATTACH));
}

/* Sections of one construct that overlap or touch one another would
   make each later one fuse (move) the block of the earlier: give each
   such cluster its block up front instead.  */
static void __attribute__ ((noinline))
dm_precover_clusters (struct dm_ctx *ctx, size_t mapnum, void **hostaddrs,
		      size_t *sizes, unsigned short *kinds)
{
  size_t rbytes = mapnum * sizeof (struct dm_range);
  struct dm_range *r = DM_SCRATCH (rbytes);
  size_t n = 0;
  for (size_t i = 0; i < mapnum; i++)
    {
      int implicit;
      int kind = dm_item_kind (kinds[i], &implicit);
      uintptr_t h = (uintptr_t) hostaddrs[i];
      if (!h || dm_pipe_translate (ctx->dev, h, 0))
	continue;
      /* An implicit item of which some byte is present uses what is
	 (dm_dir_implicit_extent); one of which none is maps all of it,
	 as an explicit one does (GCC's implicit maps of arrays a region
	 uses: two VLAs side by side on the stack), unless another item
	 overlaps it (below).  */
      if (implicit && (kind == DM_MAP_STRUCT || sizes[i] == 0
		       || dm_dir_any_present (ctx->dev, h, h + sizes[i])))
	continue;
      if (kind == DM_MAP_STRUCT)
	{
	  size_t last = i + sizes[i];
	  r[n++] = (struct dm_range) {
	    (uintptr_t) hostaddrs[i + 1],
	    (uintptr_t) hostaddrs[last] + sizes[last],
	    dm_item_align (kinds[i]), 0 };
	  i = last;
	  continue;
	}
      if (!dm_maps_bytes (kind, sizes[i]))
	continue;
      r[n++] = (struct dm_range) { h, h + sizes[i], dm_item_align (kinds[i]),
				   implicit };
    }
  if (n < 2)
    {
      dm_scratch_free (r, rbytes);
      return;
    }
  dm_sort (r, n, sizeof *r, offsetof (struct dm_range, s));
  /* An implicit item that overlaps another (an object and its members,
     `this' beside this->a[0:n]) is entered by its own rule
     (dm_dir_implicit_extent): only those that touch others go.  */
  size_t m = 0;
  uintptr_t reach = 0;
  for (size_t k = 0; k < n; k++)
    {
      int overlaps = r[k].s < reach || (k + 1 < n && r[k + 1].s < r[k].e);
      if (r[k].e > reach)
	reach = r[k].e;
      if (!(r[k].implicit && overlaps))
	r[m++] = r[k];
    }
  dm_cover_touching (ctx, r, m, 1);
  dm_scratch_free (r, rbytes);
}

/* Most constructs have one data item (plus pointer bookkeeping): they
   need no planning, and this check stays inline.  */
static inline void
dm_precover (struct dm_ctx *ctx, size_t mapnum, void **hostaddrs,
	     size_t *sizes, unsigned short *kinds)
{
  size_t ndata = 0;
  for (size_t i = 0; i < mapnum && ndata < 2; i++)
    {
      int kind = kinds[i] & 0xff;
      if (kind == DM_MAP_STRUCT
	  || (sizes[i] && !(kind & DM_MAP_FLAG_SPECIAL)))
	ndata++;
    }
  if (ndata >= 2)
    dm_precover_clusters (ctx, mapnum, hostaddrs, sizes, kinds);
}

/* GOMP_MAP_POINTER: map the pointer variable at H; when it is new, its
   device copy points at the device copy of the section it points into
   (looked up at the pointer plus BIAS).  Returns its device address.  */
/* What an attach entry of KIND does where its target is not mapped:
   GCC's zero-length form leaves NULL, deep copy's (an empty array's
   pointer) the host value; the plain form is an error.  */
static inline int
dm_attach_missing (const struct dm_ctx *ctx, int kind)
{
  if (kind != DM_MAP_ATTACH_ZERO_LENGTH_ARRAY_SECTION)
    return 0;
  return ctx->deep ? DM_ATTACH_KEEP : 1;
}

static uintptr_t
dm_enter_section_pointer (struct dm_ctx *ctx, uintptr_t h, size_t bias,
			  int allow_missing, struct dm_env_item *item)
{
  int present = dm_dir_present (ctx->dev, h, h + sizeof (void *));
  uintptr_t d = dm_enter_item (ctx, h, sizeof (void *), DM_MAP_ALLOC,
			       sizeof (void *), 0, item);
  if (!present)
    dm_dir_attach (ctx, h, bias, allow_missing, 1, 0);
  return d;
}

/* GCC lists a Fortran array descriptor as a TO_PSET item followed by a
   POINTER or ALWAYS_POINTER item for each pointer word in it.  The
   index of the TO_PSET item whose bytes hold the pointer of item I, or
   -1 (a C pointer variable, a C++ reference member).  */
static long
dm_descriptor_of (size_t i, void **hostaddrs, size_t *sizes,
		  unsigned short *kinds)
{
  uintptr_t h = (uintptr_t) hostaddrs[i];
  for (size_t j = i; j-- > 0;)
    {
      int implicit;
      int k = dm_item_kind (kinds[j], &implicit);
      if (k == DM_MAP_TO_PSET)
	{
	  uintptr_t s = (uintptr_t) hostaddrs[j];
	  return h >= s && h - s + sizeof (void *) <= sizes[j] ? (long) j : -1;
	}
      if (k != DM_MAP_POINTER && k != DM_MAP_ALWAYS_POINTER)
	return -1;
    }
  return -1;
}

/* Item I, a pointer inside the descriptor of item J (dm_descriptor_of):
   see dm_dir_descriptor_pointer.  */
static void
dm_enter_descriptor_pointer (struct dm_ctx *ctx, size_t i, long j,
			     void **hostaddrs, size_t *sizes, int always)
{
  uintptr_t d = (uintptr_t) hostaddrs[j];
  dm_dir_descriptor_pointer (ctx, (uintptr_t) hostaddrs[i], sizes[i], d,
			     d + sizes[j], always, 0);
}

/* An always_pointer item I whose pointer lies in a descriptor the
   construct maps (again each time), or points at the previous item (a
   Fortran pointer component, a C++ reference member): attached, with
   the value GCC's libgomp stores (the previous item's device address
   minus the bias), so that copies skip it and a structure copied back
   keeps its host pointer.  Returns 0 where neither holds.  */
static int
dm_always_pointer_attach (struct dm_ctx *ctx, size_t i, void **hostaddrs,
			  size_t *sizes, unsigned short *kinds)
{
  uintptr_t h = (uintptr_t) hostaddrs[i];
  long j = h ? dm_descriptor_of (i, hostaddrs, sizes, kinds) : -1;
  if (j >= 0)
    {
      dm_enter_descriptor_pointer (ctx, i, j, hostaddrs, sizes, 1);
      return 1;
    }
  /* Where the previous item is not mapped (a zero-length section),
     NULL, as GCC's libgomp stores.  */
  return (h && i > 0 && (kinds[i - 1] & 0xff) != DM_MAP_ALWAYS_POINTER
	  && dm_deep_load (h) + sizes[i] == (uintptr_t) hostaddrs[i - 1]
	  && dm_dir_descriptor_pointer (ctx, h, sizes[i], h, h, 1, 1));
}

/* ---- environments --------------------------------------------------- */

/* Recycled construct records of this thread: a target data region costs
   no malloc in steady state.  */
static DM_TLS struct dm_env *dm_env_cache;
static DM_TLS char dm_env_registered;	/* the destructor will run */
static pthread_key_t dm_env_key;
static pthread_once_t dm_env_once = PTHREAD_ONCE_INIT;

/* At thread exit: the records go with the thread.  */
static void
dm_env_cache_free (void *unused)
{
  (void) unused;
  dm_env_registered = 0;
  while (dm_env_cache)
    {
      struct dm_env *e = dm_env_cache;
      dm_env_cache = e->prev;
      free (e);
    }
}

static void
dm_env_key_init (void)
{
  pthread_key_create (&dm_env_key, dm_env_cache_free);
}

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
  e->deep = NULL;
  e->deep_expanded = 0;
  e->replay = NULL;
  e->replay_from = 0;
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
  if (__builtin_expect (!dm_env_registered, 0))
    {
      pthread_once (&dm_env_once, dm_env_key_init);
      /* Any non-NULL value makes the destructor run.  */
      pthread_setspecific (dm_env_key, &dm_env_key);
      dm_env_registered = 1;
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

/* What dm_check_items needs to know of a map kind K (the low byte,
   implicit bits removed), in one load: is it one GCC 12 passes to the
   runtime, and is its size a bias or a value rather than bytes?  */
enum
{
  DM_KIND_KNOWN = 1,
  DM_KIND_SIZE_NOT_BYTES = 2
};
#define DM_KIND_BYTES DM_KIND_KNOWN
#define DM_KIND_VALUE (DM_KIND_KNOWN | DM_KIND_SIZE_NOT_BYTES)
static const unsigned char dm_kind_class[256] = {
  [DM_MAP_ALLOC] = DM_KIND_BYTES, [DM_MAP_TO] = DM_KIND_BYTES,
  [DM_MAP_FROM] = DM_KIND_BYTES, [DM_MAP_TOFROM] = DM_KIND_BYTES,
  [DM_MAP_POINTER] = DM_KIND_VALUE, [DM_MAP_TO_PSET] = DM_KIND_BYTES,
  [DM_MAP_FORCE_PRESENT] = DM_KIND_BYTES, [DM_MAP_DELETE] = DM_KIND_BYTES,
  [DM_MAP_FORCE_DEVICEPTR] = DM_KIND_BYTES,
  [DM_MAP_DEVICE_RESIDENT] = DM_KIND_BYTES, [DM_MAP_LINK] = DM_KIND_BYTES,
  [DM_MAP_IF_PRESENT] = DM_KIND_BYTES,
  [DM_MAP_FIRSTPRIVATE] = DM_KIND_BYTES,
  [DM_MAP_FIRSTPRIVATE_INT] = DM_KIND_VALUE,
  [DM_MAP_USE_DEVICE_PTR] = DM_KIND_VALUE,
  [DM_MAP_ZERO_LEN_ARRAY_SECTION] = DM_KIND_BYTES,
  [DM_MAP_USE_DEVICE_PTR_IF_PRESENT] = DM_KIND_VALUE,
  [DM_MAP_ALWAYS_TO] = DM_KIND_BYTES, [DM_MAP_ALWAYS_FROM] = DM_KIND_BYTES,
  [DM_MAP_ALWAYS_TOFROM] = DM_KIND_BYTES,
  [DM_MAP_STRUCT] = DM_KIND_VALUE,	/* a member count: checked apart */
  [DM_MAP_ALWAYS_POINTER] = DM_KIND_VALUE,
  [DM_MAP_POINTER_TO_ZERO_LENGTH_ARRAY_SECTION] = DM_KIND_VALUE,
  [DM_MAP_DELETE_ZERO_LEN_ARRAY_SECTION] = DM_KIND_BYTES,
  [DM_MAP_RELEASE] = DM_KIND_BYTES, [DM_MAP_ATTACH] = DM_KIND_VALUE,
  [DM_MAP_DETACH] = DM_KIND_VALUE,
  [DM_MAP_ATTACH_ZERO_LENGTH_ARRAY_SECTION] = DM_KIND_VALUE,
  [DM_MAP_FORCE_ALLOC] = DM_KIND_BYTES, [DM_MAP_FORCE_TO] = DM_KIND_BYTES,
  [DM_MAP_FORCE_FROM] = DM_KIND_BYTES, [DM_MAP_FORCE_TOFROM] = DM_KIND_BYTES,
  [DM_MAP_FORCE_DETACH] = DM_KIND_VALUE,
};

/* Check what a construct C passes before anything is mapped: every kind
   known, no section that wraps the address space or is larger than any
   object can be (a negative length), struct counts inside the list.
   Bad input stops the program with one line; nothing is half done.  */
static void
dm_check_items (enum dm_construct c, size_t mapnum, void **hostaddrs,
		size_t *sizes, unsigned short *kinds)
{
  for (size_t i = 0; i < mapnum; i++)
    {
      int implicit;
      int k = dm_item_kind (kinds[i], &implicit);
      uintptr_t h = (uintptr_t) hostaddrs[i];
      const char *why = NULL;
      unsigned cls = dm_kind_class[k];
      if (!(cls & DM_KIND_KNOWN))
	why = "unknown map kind";
      else if (k == DM_MAP_STRUCT)
	{
	  if (sizes[i] == 0 || sizes[i] >= mapnum - i)
	    why = "its member count runs past the end of the list";
	}
      else if (cls & DM_KIND_SIZE_NOT_BYTES)
	;			/* the size is a bias or a value */
      else if (sizes[i] > PTRDIFF_MAX)
	why = "the section is larger than any object can be (a negative "
	      "length?)";
      else if (h && h + sizes[i] < h)
	why = "the section wraps around the end of the address space";
      if (why)
	dm_fatal ("%s: map item %zu (kind %#x, host %p, size %zu): %s",
		  dm_construct_name (c), i, (unsigned) kinds[i], (void *) h,
		  sizes[i], why);
    }
}

/* A target region or target data construct that maps members of a
   structure S (entry I is its GOMP_MAP_STRUCT, at S's address) and a
   section S.p[...] through a pointer member that is not among them (OpenMP 5.1 maps S implicitly;
   GCC 12 passes only the members named and an attachment of S.p): the
   attachment would find no device copy of S.p and the region would read
   garbage through it.  What the program means: S.p is mapped with the
   members (`to', not copied back) and attached.  The attachment may come
   before the structure's entries: GCC 12 puts them first for a combined
   `target teams distribute parallel for' (RSBench's event mode).
   Enter data (ITEMS null) maps the pointer only where it created the
   structure's members here: the pointer joins their group, so that the
   exit data that releases them releases it too (AMD's C++ classes
   training example: members and pointees entered in a constructor).  */
static void
dm_struct_pointer_members (struct dm_ctx *ctx, size_t i, size_t mapnum,
			   void **hostaddrs, size_t *sizes,
			   unsigned short *kinds, struct dm_env_item *items)
{
  uintptr_t base = (uintptr_t) hostaddrs[i];
  size_t last = i + sizes[i];
  /* A member: after the structure's start, before the end of its last
     member mapped here or just after it (within a page).  */
  uintptr_t limit = (uintptr_t) hostaddrs[last] + sizes[last] + 4096;
  for (size_t j = 0; j < mapnum; j++)
    {
      int k = kinds[j] & 0xff;
      uintptr_t slot = (uintptr_t) hostaddrs[j];
      if (j == i)
	j = last;		/* the structure's own entries */
      else if ((k == DM_MAP_ATTACH
		|| k == DM_MAP_ATTACH_ZERO_LENGTH_ARRAY_SECTION)
	       && slot >= base && slot < limit
	       && !dm_dir_present (ctx->dev, slot, slot + sizeof (void *)))
	{
	  /* One block over the members and the pointer: the structure's
	     device layout is the host's.  */
	  uintptr_t first = (uintptr_t) hostaddrs[i + 1];
	  uintptr_t end = (uintptr_t) hostaddrs[last] + sizes[last];
	  struct dm_mapping *member = NULL;
	  if (!items && !(member = dm_dir_born_here (ctx, first)))
	    continue;
	  uintptr_t lo = slot < first ? slot : first;
	  uintptr_t hi = slot + sizeof (void *) > end ? slot + sizeof (void *)
						      : end;
	  dm_dir_cover (ctx, lo, hi, dm_item_align (kinds[i]));
	  dm_enter_item (ctx, slot, sizeof (void *), DM_MAP_TO,
			 sizeof (void *), 0, items ? &items[j] : NULL);
	  if (member)
	    dm_dir_group_add (member, ctx->last);
	  /* Enter data attaches in list order: an attachment before the
	     structure's entries found no pointer to attach then (AMD's
	     Jacobi: enter data map(to: mesh, h_U[0:N]) in a member
	     function); now there is one.  */
	  if (!items && j < i)
	    dm_dir_attach (ctx, slot, sizes[j], dm_attach_missing (ctx, k), 0,
			   dm_attach_begin (kinds[j]));
	}
    }
}

/* GCC 12 maps `map(p->q[0:n])' in a target region as a zero-length
   section at P (item I), the section, and an attachment of the pointer
   p->q; the structure *P itself is not mapped, so the attachment would
   find no device copy of the pointer and region code would read p->q
   from an empty block.  What the program means (and LLVM does): the
   region sees *P up to the pointer, with the pointer translated.  Returns
   the size to map `to' at P for the region (nothing is copied back), or 0
   when item I is not such a base, *P is present, or another item of the
   construct maps those bytes (C++'s `this[0:1]' of a class with
   pointers under deep copy: entered here they were fused into that
   item's block at once, an allocation and a device copy for nothing).  */
static size_t
dm_struct_through_pointer (struct dm_device *dev, size_t i, size_t mapnum,
			   void **hostaddrs, const size_t *sizes,
			   unsigned short *kinds)
{
  uintptr_t base = (uintptr_t) hostaddrs[i], end = 0;
  /* *P is present when P lies in a mapping, as the zero-length section
     itself is translated below: not when P is just past the end of one
     (an array the structure follows in memory).  */
  if (!base || dm_dir_translate (dev, base, 0))
    return 0;
  for (size_t j = i + 1; j < mapnum; j++)
    {
      int k = kinds[j] & 0xff;
      uintptr_t slot = (uintptr_t) hostaddrs[j];
      if ((k == DM_MAP_ATTACH || k == DM_MAP_ATTACH_ZERO_LENGTH_ARRAY_SECTION)
	  && slot >= base && slot - base < ((size_t) 64 << 10)
	  && !dm_dir_present (dev, slot, slot + sizeof (void *))
	  && slot + sizeof (void *) > end)
	end = slot + sizeof (void *);
    }
  if (!end)
    return 0;
  for (size_t j = 0; j < mapnum; j++)
    {
      uintptr_t h = (uintptr_t) hostaddrs[j];
      if (j != i && dm_maps_bytes (kinds[j] & 0xff, sizes[j])
	  && h <= base && end - h <= sizes[j])
	return 0;
    }
  return end - base;
}

/* Does the list hold a zero-length section?  */
static int
dm_list_has_empty (size_t mapnum, const unsigned short *kinds)
{
  for (size_t j = 0; j < mapnum; j++)
    if ((kinds[j] & 0xff) == DM_MAP_ZERO_LEN_ARRAY_SECTION)
      return 1;
  return 0;
}

/* Does the pointer that entry I attaches point (with its bias) where a
   zero-length section of the construct lies that is not present?  Such a
   pointer may hold anything (XSBench's unused grids: map(to: s.b[:0])
   of a field never set): nothing may be read through it, so its device
   copy keeps the host value, as later GCCs' libgomp does, where GCC 12's
   stops ("pointer target not mapped for attach").  */
static int
dm_attach_to_absent_empty (struct dm_device *dev, size_t i, size_t mapnum,
			   void **hostaddrs, const size_t *sizes,
			   const unsigned short *kinds)
{
  uintptr_t at = dm_deep_load ((uintptr_t) hostaddrs[i]) + sizes[i];
  for (size_t j = 0; j < mapnum; j++)
    if ((kinds[j] & 0xff) == DM_MAP_ZERO_LEN_ARRAY_SECTION
	&& (uintptr_t) hostaddrs[j] == at)
      return !dm_dir_translate (dev, at, 1);
  return 0;
}

/* CTX's plan, carried out now: at the end of its entry, or before the
   directory lets go of the lock (struct dm_ctx's RUN_PLAN), after which
   planning goes on.  */
static void
dm_run_plan_now (struct dm_ctx *ctx)
{
  struct dm_plan *p = ctx->plan;
  if (!p->ncopy && !p->npatch)
    return;
  ctx->plan = NULL;
  dm_dir_plan_run (ctx, p, dm_config.deep_strategy);
  ctx->plan = p;
}

/* dm_map_construct's pass 1: every item that creates or finds mappings
   (the others wait for pass 2); DEVADDRS[i] gets item I's device
   address.  */
static void
dm_map_pass1 (struct dm_ctx *ctx, struct dm_env *env, size_t mapnum,
	      void **hostaddrs, size_t *sizes, unsigned short *kinds,
	      uintptr_t *devaddrs, int target, const struct dm_deep_info *deep)
{
  struct dm_device *dev = ctx->dev;
  for (size_t i = 0; i < mapnum; i++)
    {
      int implicit;
      int kind = dm_item_kind (kinds[i], &implicit);
      uintptr_t h = (uintptr_t) hostaddrs[i];
      devaddrs[i] = 0;
      ctx->deep = dm_item_is_deep (deep, i);
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
      /* A row of a pipelined array: its chunk's slot holds it.  What
	 deep copy reaches there (a pointer a lambda captured, one
	 element assumed) is not a section: the slot is all there is.  */
      if (__builtin_expect (dm_pipe_current != NULL, 0) && kind != DM_MAP_STRUCT
	  && (devaddrs[i] = dm_pipe_translate (dev, h, ctx->deep ? 0
							  : sizes[i])) != 0)
	continue;
      switch (kind)
	{
	case DM_MAP_STRUCT:
	  dm_enter_struct (ctx, i, hostaddrs, sizes, kinds, devaddrs,
			   env->items);
	  /* Constructs whose items leave at their end (enter data: in
	     dm_enter_data).  */
	  if (target || ctx->construct == DM_CONSTRUCT_DATA)
	    dm_struct_pointer_members (ctx, i, mapnum, hostaddrs, sizes,
				       kinds, env->items);
	  i += sizes[i];
	  break;
	case DM_MAP_ZERO_LEN_ARRAY_SECTION:
	  if (target)
	    {
	      size_t size = dm_struct_through_pointer (dev, i, mapnum,
						       hostaddrs, sizes, kinds);
	      if (size)
		{
		  devaddrs[i] = dm_enter_item (ctx, h, size, DM_MAP_TO, 1, 0,
					       &env->items[i]);
		  break;
		}
	    }
	  /* Translate if present, else NULL; never creates a mapping.  */
	  devaddrs[i] = dm_dir_enter_empty (ctx, h, 0);
	  if (devaddrs[i])
	    {
	      env->items[i].host = h;
	      env->items[i].held = 1;
	    }
	  break;
	case DM_MAP_IF_PRESENT:
	  if (dm_dir_present (dev, h, h + (sizes[i] ? sizes[i] : 1)))
	    devaddrs[i] = dm_enter_item (ctx, h, sizes[i], DM_MAP_ALLOC, 1, 0,
					 &env->items[i]);
	  else
	    devaddrs[i] = h;
	  break;
	case DM_MAP_POINTER:
	case DM_MAP_POINTER_TO_ZERO_LENGTH_ARRAY_SECTION:
	  {
	    long j = dm_descriptor_of (i, hostaddrs, sizes, kinds);
	    if (j >= 0)
	      {
		dm_enter_descriptor_pointer (ctx, i, j, hostaddrs, sizes, 0);
		devaddrs[i] = dm_dir_translate (dev, h, 0);
		break;
	      }
	  }
	  /* The pointer variable itself; its size field is the bias.  */
	  devaddrs[i] = dm_enter_section_pointer (ctx, h, sizes[i],
						  kind != DM_MAP_POINTER,
						  &env->items[i]);
	  break;
	case DM_MAP_DELETE:
	case DM_MAP_RELEASE:
	case DM_MAP_DELETE_ZERO_LEN_ARRAY_SECTION:
	  dm_fail (ctx, "map type %#x (release/delete) is only valid on "
		   "target exit data", kind);
	default:
	  devaddrs[i] = dm_enter_item (ctx, h, sizes[i], kind,
				       dm_item_align (kinds[i]), implicit,
				       &env->items[i]);
	  break;
	}
    }

}

/* Later items may have fused (moved) the blocks of earlier ones:
   translate every mapped item again now that the layout is final.  */
static void
dm_map_retranslate (struct dm_ctx *ctx, struct dm_env *env, size_t mapnum,
		    void **hostaddrs, unsigned short *kinds,
		    uintptr_t *devaddrs)
{
  struct dm_device *dev = ctx->dev;
  for (size_t i = 0; i < mapnum; i++)
    {
      int implicit;
      int kind = dm_item_kind (kinds[i], &implicit);
      uintptr_t h = (uintptr_t) hostaddrs[i];
      if (kind == DM_MAP_STRUCT && h)
	{
	  size_t first = i + 1;
	  uintptr_t f = (uintptr_t) hostaddrs[first];
	  uintptr_t d = dm_dir_translate (dev, f, 0);
	  if (!d)
	    d = dm_dir_enter_empty (ctx, f, 0);
	  devaddrs[i] = d - (f - h);
	}
      else if (env->items[i].held && !env->items[i].attach && h)
	{
	  /* The item may hold less than it names (implicit maps).  */
	  uintptr_t held = env->items[i].host;
	  uintptr_t d = dm_dir_translate (dev, held, 0);
	  if (!d)
	    d = dm_dir_enter_empty (ctx, held, 0);
	  devaddrs[i] = d + (h - held);
	}
    }
}

/* A region's blocks stay where its addresses point until it ends; it
   starts after what other queues (A: the region's own, if queued) still
   copy into them, which WAITS collects.  */
static void
dm_map_pin_region (struct dm_device *dev, struct dm_env *env, size_t mapnum,
		   struct dm_async *a, struct dm_async_waits *waits)
{
  for (size_t i = 0; i < mapnum; i++)
    if (env->items[i].held && !env->items[i].attach)
      {
	struct dm_block *b = dm_dir_pin (dev, env->items[i].host,
					 DM_PIN_REGION);
	if (b)
	  dm_async_pending (dev, b->async, a, 0, waits);
	env->items[i].pinned = b;
      }
}

/* dm_map_construct's pass 2: items that refer to what pass 1 mapped
   (firstprivate copies in the argument block at BLOCK_DEV + FP_OFFSETS,
   use_device_ptr/addr, always pointers, attachments).  */
static void
dm_map_pass2 (struct dm_ctx *ctx, struct dm_env *env, size_t mapnum,
	      void **hostaddrs, size_t *sizes, unsigned short *kinds,
	      uintptr_t *devaddrs, uintptr_t block_dev,
	      const size_t *fp_offsets)
{
  struct dm_device *dev = ctx->dev;
  uintptr_t chain = 0;
  /* Asked at the first attach item, once (deep copy makes many); -1:
     not yet.  */
  int any_empty = -1;
  for (size_t i = 0; i < mapnum; i++)
    {
      int implicit;
      int kind = dm_item_kind (kinds[i], &implicit);
      uintptr_t h = (uintptr_t) hostaddrs[i];
      /* Deep copy's attachments are marked its own (dm_attach_back).  */
      ctx->deep = env->items[i].deep;
      switch (kind)
	{
	case DM_MAP_FIRSTPRIVATE:
	  if (h)
	    devaddrs[i] = block_dev + fp_offsets[i];
	  break;
	case DM_MAP_USE_DEVICE_PTR:
	case DM_MAP_USE_DEVICE_PTR_IF_PRESENT:
	  if (h)
	    {
	      /* OpenMP 5.1: a list item that is not present keeps its host
		 address.  */
	      uintptr_t d = dm_dir_translate (dev, h, 1);
	      if (d)
		{
		  hostaddrs[i] = (void *) d;
		  /* The program keeps D until the construct ends, and may
		     keep it as long as H stays mapped.  */
		  env->items[i].pinned = dm_dir_pin (dev, h, DM_PIN_ADDRESS);
		  env->items[i].pin_address = 1;
		  dm_dir_pin (dev, h, DM_PIN_HANDED);
		}
	      devaddrs[i] = (uintptr_t) hostaddrs[i];
	    }
	  break;
	case DM_MAP_FORCE_DEVICEPTR:
	  devaddrs[i] = h;
	  break;
	case DM_MAP_ZERO_LEN_ARRAY_SECTION:
	  /* Absent in pass 1, it may lie in what a later item of the
	     construct mapped (GCC lists a pointer used in the region as
	     such a section before the array it points into): that item
	     holds it, so the address is all it needs, no reference (one
	     would make deep copy's elements the program's own).  */
	  if (h && !devaddrs[i])
	    devaddrs[i] = dm_dir_translate (dev, h, 0);
	  break;
	case DM_MAP_ALWAYS_POINTER:
	  {
	    /* No pointer (an absent optional argument): nothing to set,
	       as in GCC's libgomp.  */
	    if (!h
		|| dm_always_pointer_attach (ctx, i, hostaddrs, sizes, kinds))
	      {
		chain = dm_dir_translate (dev, h, 0);
		devaddrs[i] = 0;
		break;
	      }
	    /* Store the device address of the previous item (minus the
	       bias) into the device copy of the pointer at H.  */
	    if (i == 0 || (kinds[i - 1] & 0xff) != DM_MAP_ALWAYS_POINTER)
	      chain = i ? devaddrs[i - 1] : 0;
	    uintptr_t value = chain ? chain - sizes[i] : 0;
	    chain = dm_dir_write_pointer (ctx, h, value);
	    devaddrs[i] = 0;
	    break;
	  }
	case DM_MAP_ATTACH:
	case DM_MAP_ATTACH_ZERO_LENGTH_ARRAY_SECTION:
	  if (h && kind == DM_MAP_ATTACH)
	    {
	      if (any_empty < 0)
		any_empty = dm_list_has_empty (mapnum, kinds);
	      if (any_empty
		  && dm_attach_to_absent_empty (ctx->dev, i, mapnum, hostaddrs,
						sizes, kinds))
		{
		  devaddrs[i] = dm_dir_translate (dev, h, 0);
		  break;
		}
	    }
	  /* Its value, as libgomp gives it, is the device address of the
	     pointer it attached: an always_pointer entry right after it
	     (a C++ reference member to that pointer) points there.  */
	  devaddrs[i] = 0;
	  if (h && dm_dir_attach_translate (ctx, h, sizes[i],
					    dm_attach_missing (ctx, kind), 0,
					    dm_attach_begin (kinds[i]),
					    &devaddrs[i]))
	    {
	      env->items[i].host = h;
	      env->items[i].attach = 1;
	    }
	  break;
	default:
	  break;
	}
    }
  ctx->deep = 0;
}

struct dm_env *
dm_map_construct (struct dm_device *dev, enum dm_construct c, size_t mapnum,
		  void **hostaddrs, size_t *sizes, unsigned short *kinds,
		  struct dm_async *a, const struct dm_deep_info *deep)
{
  dm_check_items (c, mapnum, hostaddrs, sizes, kinds);
  struct dm_env *env = dm_env_get (mapnum);
  struct dm_ctx ctx = { .dev = dev, .construct = c, .async = a };
  int target = c == DM_CONSTRUCT_TARGET;
  env->dev = dev;
  env->construct = c;

  /* The region's argument block: the address array, then firstprivate
     copies, staged on the host and sent in one transfer.  */
  size_t fp_align = 16;
  size_t args_size = target ? mapnum * sizeof (void *) : 0;
  size_t fp_size = dm_firstprivate_size (mapnum, hostaddrs, sizes, kinds,
					 args_size, &fp_align);
  char *stage = NULL;
  int stage_on_heap = fp_size > 4096;
  if (fp_size && a)
    {
      /* A queued copy reads it later.  */
      stage = dm_async_keep (a, NULL, fp_size);
      stage_on_heap = 0;
    }
  else if (fp_size)
    {
      stage = stage_on_heap ? malloc (fp_size) : alloca (fp_size);
      if (!stage)
	dm_fatal ("out of host memory staging %zu bytes of firstprivate data",
		  fp_size);
    }
  size_t dbytes = target ? 0 : mapnum * sizeof (uintptr_t) + 1;
  uintptr_t *devaddrs = target ? (uintptr_t *) stage : DM_SCRATCH (dbytes);

  dm_device_lock (dev);
  dm_env_activate (dev, env);
  dm_pending_settle (dev, mapnum, hostaddrs, sizes, kinds, deep, 0);
  ctx.mark = dm_dir_next_mark (dev);
  unsigned layout = dev->map->layout_generation;
  struct dm_plan plan = { 0 };
  if (__builtin_expect (deep && deep->planned, 0))
    {
      ctx.plan = &plan;
      ctx.run_plan = dm_run_plan_now;
      env->deep_expanded = 1;
      ctx.slab_want = dm_slab_bytes (dev, deep, mapnum, hostaddrs, sizes,
				     kinds, a);
    }
  if (fp_size)
    {
      if (dm_pool_alloc (dev, fp_size + fp_align, &env->block) != 0)
	dm_fail (&ctx, "cannot allocate the region's %zu-byte argument "
		 "block: %s", fp_size, dm_reason ());
      env->block_size = fp_size + fp_align;
    }
  uintptr_t block_dev = (env->block + fp_align - 1) & ~(uintptr_t) (fp_align - 1);
  dm_precover (&ctx, mapnum, hostaddrs, sizes, kinds);

  /* Pass 1: everything that creates or finds mappings.  */
  dm_map_pass1 (&ctx, env, mapnum, hostaddrs, sizes, kinds, devaddrs,
		target, deep);

  ctx.deep = 0;
  if (dm_deep_first (deep))
    for (size_t i = deep->from - 1; i < mapnum; i++)
      env->items[i].deep = 1;

  if (dev->map->layout_generation != layout)
    dm_map_retranslate (&ctx, env, mapnum, hostaddrs, kinds, devaddrs);

  struct dm_async_waits waits = { .n = 0, .all = 0 };
  if (target)
    dm_map_pin_region (dev, env, mapnum, a, &waits);

  /* Pass 2: items that refer to what pass 1 mapped.  */
  size_t *fp_offsets = NULL;
  size_t fbytes = fp_size > args_size ? mapnum * sizeof *fp_offsets : 0;
  if (fp_size > args_size)
    {
      fp_offsets = DM_SCRATCH (fbytes);
      dm_firstprivate_pack (mapnum, hostaddrs, sizes, kinds, stage,
			    args_size, fp_offsets);
    }
  dm_map_pass2 (&ctx, env, mapnum, hostaddrs, sizes, kinds, devaddrs,
		block_dev, fp_offsets);

  /* Deep copy: the planned copies and pointer patches, all at once.  */
  dm_dir_slab_done (&ctx);
  if (ctx.plan)
    {
      dm_run_plan_now (&ctx);
      ctx.plan = NULL;
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
      if (dm_copy_to_device_uncounted (dev, block_dev, stage, fp_size,
				       dm_async_queue (a)) != 0)
	dm_fail (&ctx, "sending the region's %zu-byte argument block failed: "
		 "%s", fp_size, dm_reason ());
      if (a)
	dm_async_step (a);
      env->args = block_dev;
    }
  else if (fp_size)
    dm_copy_to_device (dev, block_dev, stage, fp_size, NULL);
  /* A target region holds one reference of its own on what it records:
     a record needs another holder.  Target data is one.  */
  dm_map_replay_note (dev, deep, env, mapnum, hostaddrs, sizes, kinds,
		      c == DM_CONSTRUCT_DATA ? 1 : 2);
  pthread_mutex_unlock (&dev->lock);
  if (stage_on_heap)
    free (stage);
  if (__builtin_expect (waits.n != 0 || waits.all, 0))
    dm_async_waits_run_unlocked (dev, &waits, a);
  if (!target)
    dm_scratch_free (devaddrs, dbytes);
  if (fp_offsets)
    dm_scratch_free (fp_offsets, fbytes);
  return env;
}

/* End the list items ITEMS[0..N) of construct CTX: detach, count down
   once per byte, copy back, free.  */
static void
dm_leave_items (struct dm_ctx *ctx, struct dm_env_item *items, size_t n,
		int delete, int deep)
{
  /* One item holding bytes and no attachment: one visit.  */
  size_t held = 0, which = 0, attached = 0;
  for (size_t i = 0; i < n; i++)
    {
      if (items[i].held)
	held++, which = i;
      attached += items[i].attach;
    }
  if (held == 1 && !attached && !deep)
    {
      struct dm_env_item *it = &items[which];
      ctx->deep = it->deep;
      dm_dir_leave (ctx, it->host, it->host + it->size, delete,
		    it->copy_from, it->always_from, it->seg,
		    it->seg_generation);
      return;
    }
  for (size_t i = 0; i < n; i++)
    if (items[i].held)
      {
	ctx->deep = items[i].deep;
	dm_dir_release (ctx, items[i].host, items[i].host + items[i].size,
			delete);
      }
  struct dm_plan plan = { 0 };
  ctx->plan = deep ? &plan : NULL;
  for (size_t i = 0; i < n; i++)
    if (items[i].held && (items[i].copy_from || items[i].always_from))
      {
	ctx->deep = items[i].deep;
	dm_dir_copy_back (ctx, items[i].host, items[i].host + items[i].size,
			  items[i].always_from);
      }
  ctx->plan = NULL;
  ctx->deep = 0;
  if (deep)
    dm_dir_plan_run_back (ctx, &plan, dm_config.deep_strategy);
  /* Detach after copy-back, which skips attached pointers: host pointer
     fields are never overwritten with device pointers.  */
  for (size_t i = 0; i < n; i++)
    if (items[i].attach)
      dm_dir_detach (ctx, items[i].host, 0);
  for (size_t i = 0; i < n; i++)
    if (items[i].held)
      dm_dir_reap (ctx, items[i].host, items[i].host + items[i].size);
}

/* An item that is no longer wholly present at the construct's end (an
   exit data inside it removed some or all of its bytes) is not present
   in OpenMP's sense: it is neither released nor copied back, so it
   cannot take away or overwrite what a later enter data mapped.  */
static void
dm_skip_absent_items (struct dm_device *dev, struct dm_env_item *items,
		      size_t n)
{
  for (size_t i = 0; i < n; i++)
    if (items[i].held
	&& !(items[i].seg
	     && items[i].seg_generation == dev->map->table_generation)
	&& !dm_dir_present (dev, items[i].host, items[i].host + items[i].size))
      items[i].held = 0;
}

void
dm_unmap_construct (struct dm_env *env, struct dm_async *a)
{
  struct dm_device *dev = env->dev;
  if (!dev)
    {
      dm_env_put (env);
      return;
    }
  struct dm_ctx ctx = { .dev = dev, .construct = DM_CONSTRUCT_DATA,
			.async = a,
			.what = env->construct == DM_CONSTRUCT_TARGET
				? "end of target" : "end of target data" };
  dm_device_lock (dev);
  dm_env_deactivate (dev, env);
  ctx.mark = dm_dir_next_mark (dev);
  /* A queued region may still run: its blocks stay unmoved, unfreed and
     not copied back under it through the queue's steps and the blocks'
     marks (async.h), not through pins.  */
  if (a)
    dm_async_step (a);
  for (size_t i = 0; i < env->n; i++)
    if (env->items[i].pinned)
      {
	if (a && !env->items[i].pin_address)
	  dm_async_note_write (a, env->items[i].pinned->async, 1);
	dm_dir_unpin (dev, env->items[i].pinned,
		      env->items[i].pin_address ? DM_PIN_ADDRESS
						: DM_PIN_REGION);
      }
  dm_skip_absent_items (dev, env->items, env->n);
  /* The replay ends first: its item's own leaving then finds the item's
     pointers detached if another thread let go meanwhile.  */
  if (env->replay)
    dm_replay_end (&ctx, env->replay, env->replay_from);
  dm_leave_items (&ctx, env->items, env->n, 0, env->deep_expanded);
  if (env->block && a)
    dm_async_free_later (dev, env->block, env->block_size);
  else if (env->block)
    dm_pool_free (dev, env->block, env->block_size);
  pthread_mutex_unlock (&dev->lock);
  dm_env_put (env);
}

void
dm_enter_data (struct dm_device *dev, size_t mapnum, void **hostaddrs,
	       size_t *sizes, unsigned short *kinds, struct dm_async *a,
	       const struct dm_deep_info *deep)
{
  dm_check_items (DM_CONSTRUCT_ENTER_DATA, mapnum, hostaddrs, sizes, kinds);
  struct dm_ctx ctx = { .dev = dev, .construct = DM_CONSTRUCT_ENTER_DATA,
			.async = a };
  struct dm_plan plan = { 0 };
  dm_device_lock (dev);
  dm_pending_settle (dev, mapnum, hostaddrs, sizes, kinds, deep, 0);
  ctx.mark = dm_dir_next_mark (dev);
  if (__builtin_expect (deep && deep->planned, 0))
    {
      ctx.plan = &plan;
      ctx.run_plan = dm_run_plan_now;
      ctx.slab_want = dm_slab_bytes (dev, deep, mapnum, hostaddrs, sizes,
				     kinds, a);
    }
  dm_precover (&ctx, mapnum, hostaddrs, sizes, kinds);
  for (size_t i = 0; i < mapnum; i++)
    {
      int implicit;
      int kind = dm_item_kind (kinds[i], &implicit);
      uintptr_t h = (uintptr_t) hostaddrs[i];
      ctx.deep = dm_item_is_deep (deep, i);
      switch (kind)
	{
	case DM_MAP_STRUCT:
	  dm_enter_struct (&ctx, i, hostaddrs, sizes, kinds, NULL, NULL);
	  dm_struct_pointer_members (&ctx, i, mapnum, hostaddrs, sizes, kinds,
				     NULL);
	  i += sizes[i];
	  break;
	case DM_MAP_ATTACH:
	case DM_MAP_ATTACH_ZERO_LENGTH_ARRAY_SECTION:
	  if (h)
	    {
	      /* GCC attaches the base pointer of every pointer-based
		 section; OpenMP attaches only pointers that are mapped.  */
	      dm_dir_attach (&ctx, h, sizes[i], dm_attach_missing (&ctx, kind),
			     0, dm_attach_begin (kinds[i]));
	    }
	  break;
	case DM_MAP_POINTER:
	case DM_MAP_POINTER_TO_ZERO_LENGTH_ARRAY_SECTION:
	  {
	    long j = h ? dm_descriptor_of (i, hostaddrs, sizes, kinds) : -1;
	    if (j >= 0)
	      dm_enter_descriptor_pointer (&ctx, i, j, hostaddrs, sizes, 0);
	    else if (h)
	      dm_enter_section_pointer (&ctx, h, sizes[i],
					kind != DM_MAP_POINTER, NULL);
	  }
	  break;
	case DM_MAP_ALWAYS_POINTER:
	  dm_always_pointer_attach (&ctx, i, hostaddrs, sizes, kinds);
	  break;
	case DM_MAP_FIRSTPRIVATE:
	case DM_MAP_FIRSTPRIVATE_INT:
	case DM_MAP_USE_DEVICE_PTR:
	case DM_MAP_USE_DEVICE_PTR_IF_PRESENT:
	  break;
	case DM_MAP_ZERO_LEN_ARRAY_SECTION:
	  if (h)
	    dm_dir_enter_empty (&ctx, h, 0);
	  break;
	case DM_MAP_DELETE:
	case DM_MAP_RELEASE:
	case DM_MAP_DELETE_ZERO_LEN_ARRAY_SECTION:
	  dm_fail (&ctx, "map type release/delete is only valid on target "
		   "exit data (host %p)", (void *) h);
	default:
	  if (h && deep && deep->nover)
	    kind = dm_pending_defer (dev, deep, mapnum, hostaddrs, sizes, kinds,
				     i, kind);
	  if (h)
	    dm_enter_item (&ctx, h, sizes[i], kind, dm_item_align (kinds[i]),
			   implicit, NULL);
	  break;
	}
    }
  dm_dir_slab_done (&ctx);
  if (ctx.plan)
    {
      dm_run_plan_now (&ctx);
      ctx.plan = NULL;
    }
  /* Enter data is the holder: its own reference is enough.  */
  dm_map_replay_note (dev, deep, NULL, mapnum, hostaddrs, sizes, kinds, 1);
  pthread_mutex_unlock (&dev->lock);
}

/* The count of the program's own references of the deep parents an exit
   data deletes: what the items deep copy added for them drop
   (dm_seg_drop), the greatest of them.  Each of those maps walked the
   structure once; references another parent's walk gave a deleted
   parent (parents that point to each other) were that walk's, whose
   children keep theirs.  */
static uint64_t
dm_exit_deep_drop (struct dm_device *dev, size_t mapnum, void **hostaddrs,
		   const size_t *sizes, const unsigned short *kinds,
		   size_t deep_from)
{
  uint64_t drop = 0;
  for (size_t i = 0; i + 1 < deep_from && i < mapnum; i++)
    {
      int kind = kinds[i] & 0xff;
      if ((kind == DM_MAP_DELETE
	   || kind == DM_MAP_DELETE_ZERO_LEN_ARRAY_SECTION) && hostaddrs[i])
	{
	  uint64_t c = dm_dir_own_count (dev, (uintptr_t) hostaddrs[i],
					 (uintptr_t) hostaddrs[i] + sizes[i]);
	  if (c > drop)
	    drop = c;
	}
    }
  return drop;
}

void
dm_exit_data (struct dm_device *dev, size_t mapnum, void **hostaddrs,
	      size_t *sizes, unsigned short *kinds, struct dm_async *a,
	      const struct dm_deep_info *deep)
{
  dm_check_items (DM_CONSTRUCT_EXIT_DATA, mapnum, hostaddrs, sizes, kinds);
  struct dm_ctx ctx = { .dev = dev, .construct = DM_CONSTRUCT_EXIT_DATA,
			.async = a };
  size_t ibytes = (mapnum + 1) * sizeof (struct dm_env_item);
  struct dm_env_item *items = DM_SCRATCH (ibytes);
  unsigned char *deletes = DM_SCRATCH (mapnum + 1);
  size_t n = 0;

  dm_device_lock (dev);
  dm_pending_settle (dev, mapnum, hostaddrs, sizes, kinds, NULL, 0);
  ctx.mark = dm_dir_next_mark (dev);
  int any_delete = 0, any_detach = 0;
  for (size_t i = 0; i < mapnum; i++)
    {
      int kind = kinds[i] & 0xff;
      /* GCC detaches the base pointer of every pointer-based section;
	 only pointers in mapped memory have anything to detach.  */
      any_detach |= (kind == DM_MAP_DETACH || kind == DM_MAP_FORCE_DETACH)
		    && hostaddrs[i]
		    && dm_dir_translate (dev, (uintptr_t) hostaddrs[i], 0);
      any_delete |= kind == DM_MAP_DELETE
		    || kind == DM_MAP_DELETE_ZERO_LEN_ARRAY_SECTION;
    }
  if (any_delete && dm_deep_first (deep))
    ctx.deep_drop = dm_exit_deep_drop (dev, mapnum, hostaddrs, sizes, kinds,
				       deep->from);
  /* Deletions first: a delete sets every count of its bytes to zero,
     whatever other items of the construct do.  */
  for (int pass = !any_delete; pass < 2; pass++)
    for (size_t i = 0; i < mapnum; i++)
      {
	int implicit;
	int kind = dm_item_kind (kinds[i], &implicit);
	uintptr_t h = (uintptr_t) hostaddrs[i];
	size_t size = sizes[i];
	int delete = kind == DM_MAP_DELETE
		     || kind == DM_MAP_DELETE_ZERO_LEN_ARRAY_SECTION;
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
	if (!h || delete != (pass == 0))
	  continue;
	/* OpenMP: exiting what is not present has no effect; the
	   directory simply finds no segments there.  */
	deletes[n] = delete;
	items[n++] = (struct dm_env_item) {
	  .host = h, .size = size, .held = 1,
	  .copy_from = dm_kind_copies_from (kind),
	  .always_from = dm_kind_always_from (kind),
	  .deep = dm_item_is_deep (deep, i) };
      }
  if (n == 1 && !any_detach)
    {
      ctx.deep = items[0].deep;
      dm_dir_leave (&ctx, items[0].host, items[0].host + items[0].size,
		    deletes[0], items[0].copy_from, items[0].always_from,
		    NULL, 0);
    }
  else
    {
      for (size_t i = 0; i < n; i++)
	{
	  ctx.deep = items[i].deep;
	  dm_dir_release (&ctx, items[i].host, items[i].host + items[i].size,
			  deletes[i]);
	}
      struct dm_plan plan = { 0 };
      ctx.plan = deep && deep->planned ? &plan : NULL;
      for (size_t i = 0; i < n; i++)
	if (items[i].copy_from || items[i].always_from)
	  {
	    ctx.deep = items[i].deep;
	    dm_dir_copy_back (&ctx, items[i].host,
			      items[i].host + items[i].size,
			      items[i].always_from);
	  }
      ctx.plan = NULL;
      ctx.deep = 0;
      if (deep && deep->planned)
	dm_dir_plan_run_back (&ctx, &plan, dm_config.deep_strategy);
      /* Detach after copy-back (see dm_leave_items).  */
      for (size_t i = 0; i < mapnum; i++)
	{
	  int kind = kinds[i] & 0xff;
	  if ((kind == DM_MAP_DETACH || kind == DM_MAP_FORCE_DETACH)
	      && hostaddrs[i])
	    dm_dir_detach (&ctx, (uintptr_t) hostaddrs[i],
			   kind == DM_MAP_FORCE_DETACH);
	}
      for (size_t i = 0; i < n; i++)
	dm_dir_reap (&ctx, items[i].host, items[i].host + items[i].size);
    }
  pthread_mutex_unlock (&dev->lock);
  dm_scratch_free (items, ibytes);
  dm_scratch_free (deletes, mapnum + 1);
}

void
dm_update (struct dm_device *dev, size_t mapnum, void **hostaddrs,
	   size_t *sizes, unsigned short *kinds, struct dm_async *a)
{
  dm_check_items (DM_CONSTRUCT_UPDATE, mapnum, hostaddrs, sizes, kinds);
  struct dm_ctx ctx = { .dev = dev, .construct = DM_CONSTRUCT_UPDATE,
			.async = a };
  dm_device_lock (dev);
  dm_pending_settle (dev, mapnum, hostaddrs, sizes, kinds, NULL, 1);
  for (size_t i = 0; i < mapnum; i++)
    {
      int implicit;
      int kind = dm_item_kind (kinds[i], &implicit);
      uintptr_t h = (uintptr_t) hostaddrs[i];
      if (!sizes[i] || !h)
	continue;
      /* Only the present parts of the section move.  */
      if (dm_kind_copies_to (kind))
	dm_dir_update (&ctx, h, h + sizes[i], 1);
      if (dm_kind_copies_from (kind))
	dm_dir_update (&ctx, h, h + sizes[i], 0);
    }
  pthread_mutex_unlock (&dev->lock);
}

void *
dm_translate (struct dm_device *dev, const void *host)
{
  dm_device_lock (dev);
  dm_pending_flush_all (dev);
  uintptr_t d = dm_dir_translate (dev, (uintptr_t) host, 0);
  pthread_mutex_unlock (&dev->lock);
  return (void *) d;
}

void *
dm_translate_part (struct dm_device *dev, const void *host, size_t size,
		   uintptr_t *lo, uintptr_t *hi)
{
  dm_device_lock (dev);
  dm_pending_flush_all (dev);
  uintptr_t d = dm_dir_translate_part (dev, (uintptr_t) host,
				       (uintptr_t) host + size, lo, hi);
  pthread_mutex_unlock (&dev->lock);
  return (void *) d;
}

void *
dm_translate_to_report (struct dm_device *dev, const void *host)
{
  /* No pending copy in is made: naming the address reads no bytes.  */
  dm_device_lock (dev);
  uintptr_t d = dm_dir_translate (dev, (uintptr_t) host, 0);
  pthread_mutex_unlock (&dev->lock);
  return (void *) d;
}

int
dm_is_present (struct dm_device *dev, const void *host)
{
  /* No pending copy in is made: presence says nothing of the bytes.  */
  dm_device_lock (dev);
  int r = dm_dir_translate (dev, (uintptr_t) host, 0) != 0;
  pthread_mutex_unlock (&dev->lock);
  return r;
}

int
dm_associate (struct dm_device *dev, const void *host, uintptr_t devaddr,
	      size_t size)
{
  struct dm_ctx ctx = { .dev = dev, .construct = DM_CONSTRUCT_API };
  dm_device_lock (dev);
  dm_pending_flush_all (dev);
  int r = dm_dir_associate (&ctx, (uintptr_t) host, (uintptr_t) host + size,
			    devaddr);
  pthread_mutex_unlock (&dev->lock);
  return r;
}

int
dm_disassociate (struct dm_device *dev, const void *host)
{
  struct dm_ctx ctx = { .dev = dev, .construct = DM_CONSTRUCT_API };
  dm_device_lock (dev);
  dm_pending_flush_all (dev);
  int r = dm_dir_remove_permanent (&ctx, (uintptr_t) host,
				   DM_MAPPING_ASSOCIATED);
  pthread_mutex_unlock (&dev->lock);
  return r;
}

void
dm_unmap_declare_target (struct dm_device *dev, uintptr_t host)
{
  struct dm_ctx ctx = { .dev = dev, .construct = DM_CONSTRUCT_API };
  dm_device_lock (dev);
  dm_dir_remove_permanent (&ctx, host, DM_MAPPING_DECLARE_TARGET);
  pthread_mutex_unlock (&dev->lock);
}

size_t
dm_unmap_range (struct dm_device *dev, uintptr_t s, uintptr_t e)
{
  struct dm_ctx ctx = { .dev = dev, .construct = DM_CONSTRUCT_API };
  dm_device_lock (dev);
  struct dm_device_map *map = dev->map;
  for (size_t k = 0; k < map->npending;)
    if (map->pending[k].host < e && s < map->pending[k].host
					 + map->pending[k].size)
      map->pending[k] = map->pending[--map->npending];
    else
      k++;
  ctx.mark = dm_dir_next_mark (dev);
  size_t bytes = dm_dir_forget (&ctx, s, e);
  pthread_mutex_unlock (&dev->lock);
  return bytes;
}

void
dm_map_declare_target (struct dm_device *dev, uintptr_t host, size_t size,
		       uintptr_t devaddr, const void *initial)
{
  struct dm_ctx ctx = { .dev = dev, .construct = DM_CONSTRUCT_API };
  dm_device_lock (dev);
  dm_dir_declare (&ctx, host, host + size, devaddr, initial);
  pthread_mutex_unlock (&dev->lock);
}
