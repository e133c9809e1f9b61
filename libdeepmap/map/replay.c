/* replay.c -- re-entering a present deep structure (see replay.h).  */
#include <stdlib.h>

#include "deepmap.h"
#include "map/dir-internal.h"
#include "map/replay.h"
#include "support/ompabi.h"

/* Records per device: a loop usually re-enters a handful of structures;
   past this many the oldest unused one goes.  */
#define DM_REPLAY_MAX 64

struct dm_replay
{
  uintptr_t host;			/* the deep item */
  const struct deepmap_type *type;
  uint64_t epoch;			/* dev->deep_epoch when recorded */
  unsigned layout;			/* dev->layout_generation */
  size_t nseg;
  struct dm_mapping **seg;		/* distinct segments of the objects */
  size_t nrange;
  uintptr_t *range;			/* object ranges: start, end pairs */
  size_t nslot;
  struct dm_block **slot_block;		/* each attached pointer's block */
  size_t *slot_index;			/* ... its attachment count there */
  uintptr_t *slot;			/* ... and its host address */
  unsigned users;			/* constructs between begin and end */
  int dead;				/* replaced or dropped while in use:
					   freed by the last end */
  struct dm_replay *next;
};

struct dm_replay_table
{
  struct dm_replay *list;		/* newest first */
  size_t n;
};

static void
dm_replay_free (struct dm_replay *r)
{
  free (r->seg);
  free (r->range);
  free (r->slot_block);
  free (r->slot_index);
  free (r->slot);
  free (r);
}

/* Unlink R from DEV's table (*LINK points at it); free it unless in use.  */
static void
dm_replay_drop (struct dm_device *dev, struct dm_replay **link)
{
  struct dm_replay *r = *link;
  struct dm_replay_table *t = dev->replays;
  *link = r->next;
  t->n--;
  if (r->users)
    r->dead = 1;
  else
    dm_replay_free (r);
}

static struct dm_replay **
dm_replay_find (struct dm_device *dev, uintptr_t host,
		const struct deepmap_type *type)
{
  struct dm_replay_table *t = dev->replays;
  if (!t)
    return NULL;
  for (struct dm_replay **l = &t->list; *l; l = &(*l)->next)
    if ((*l)->host == host && (*l)->type == type)
      return l;
  return NULL;
}

static inline int
dm_replay_valid (const struct dm_device *dev, const struct dm_replay *r)
{
  return r->epoch == dev->deep_epoch && r->layout == dev->layout_generation;
}

struct dm_replay *
dm_replay_begin (struct dm_device *dev, uintptr_t host,
		 const struct deepmap_type *t)
{
  struct dm_replay **l = dm_replay_find (dev, host, t);
  if (!l)
    return NULL;
  struct dm_replay *r = *l;
  if (!dm_replay_valid (dev, r))
    {
      if (!r->users)
	dm_replay_drop (dev, l);
      return NULL;
    }
  for (size_t i = 0; i < r->nslot; i++)
    if (r->slot_block[i]->attach_counts[r->slot_index[i]] == UINT32_MAX)
      return NULL;
  /* The references the full path would take: one per segment (a
     construct counts each byte once), deep ones; one per pointer.  */
  for (size_t i = 0; i < r->nseg; i++)
    if (r->seg[i]->refcount != DM_REFCOUNT_INFINITE)
      {
	r->seg[i]->refcount++;
	r->seg[i]->deep_refs++;
      }
  for (size_t i = 0; i < r->nslot; i++)
    r->slot_block[i]->attach_counts[r->slot_index[i]]++;
  r->users++;
  return r;
}

/* Drop the references R took, directly, if every one has another
   holder: then no count reaches zero, nothing is copied back or removed.
   One pass; undone when a count would reach zero (returns 0).  */
static int
dm_replay_drop_direct (struct dm_replay *r)
{
  size_t i, k;
  for (i = 0; i < r->nseg; i++)
    {
      struct dm_mapping *m = r->seg[i];
      if (m->refcount == DM_REFCOUNT_INFINITE)
	continue;
      if (m->refcount < 2)
	break;
      m->refcount--;
      m->deep_refs--;
    }
  if (i == r->nseg)
    {
      for (k = 0; k < r->nslot; k++)
	{
	  uint32_t *c = &r->slot_block[k]->attach_counts[r->slot_index[k]];
	  if (*c < 2)
	    break;
	  --*c;
	}
      if (k == r->nslot)
	return 1;
      while (k-- > 0)
	r->slot_block[k]->attach_counts[r->slot_index[k]]++;
    }
  while (i-- > 0)
    if (r->seg[i]->refcount != DM_REFCOUNT_INFINITE)
      {
	r->seg[i]->refcount++;
	r->seg[i]->deep_refs++;
      }
  return 0;
}

void
dm_replay_end (struct dm_ctx *ctx, struct dm_replay *r, int copy_from)
{
  struct dm_device *dev = ctx->dev;
  if (!dm_replay_valid (dev, r) || !dm_replay_drop_direct (r))
    {
      /* Something changed meanwhile (another thread released the
	 holder, fusion moved blocks): the ordinary leaving, by host
	 ranges, which a split or a move does not change.  A fresh mark:
	 each segment loses exactly the one reference begin took.  */
      int saved_deep = ctx->deep;
      ctx->mark = dm_dir_next_mark (dev);
      ctx->deep = 1;
      for (size_t i = 0; i < r->nrange; i++)
	dm_dir_release (ctx, r->range[2 * i], r->range[2 * i + 1], 0);
      if (copy_from)
	for (size_t i = 0; i < r->nrange; i++)
	  dm_dir_copy_back (ctx, r->range[2 * i], r->range[2 * i + 1], 0);
      /* Detach after copy-back, which skips attached pointers.  */
      for (size_t i = 0; i < r->nslot; i++)
	dm_dir_detach (ctx, r->slot[i], 0);
      for (size_t i = 0; i < r->nrange; i++)
	dm_dir_reap (ctx, r->range[2 * i], r->range[2 * i + 1]);
      ctx->deep = saved_deep;
    }
  if (--r->users == 0 && r->dead)
    dm_replay_free (r);
}

static int
dm_replay_ptr_cmp (const void *a, const void *b)
{
  uintptr_t x = (uintptr_t) *(void *const *) a;
  uintptr_t y = (uintptr_t) *(void *const *) b;
  return x < y ? -1 : x > y;
}

/* A new record, or NULL (out of memory: no record, nothing lost).  */
static struct dm_replay *
dm_replay_new (size_t nobj, size_t nslot)
{
  struct dm_replay *r = calloc (1, sizeof *r);
  if (!r)
    return NULL;
  r->seg = malloc ((nobj + 1) * sizeof *r->seg);
  r->range = malloc ((2 * nobj + 1) * sizeof *r->range);
  r->slot_block = malloc ((nslot + 1) * sizeof *r->slot_block);
  r->slot_index = malloc ((nslot + 1) * sizeof *r->slot_index);
  r->slot = malloc ((nslot + 1) * sizeof *r->slot);
  if (!r->seg || !r->range || !r->slot_block || !r->slot_index || !r->slot)
    {
      dm_replay_free (r);
      return NULL;
    }
  return r;
}

void
dm_replay_record (struct dm_device *dev, uintptr_t host,
		  const struct deepmap_type *t, const uintptr_t *objs,
		  size_t nobj, void *const *slots, size_t nslot,
		  uint64_t min_count)
{
  struct dm_replay **old = dm_replay_find (dev, host, t);
  if (old && dm_replay_valid (dev, *old))
    return;
  struct dm_replay *r = dm_replay_new (nobj, nslot);
  if (!r)
    return;
  for (size_t i = 0; i < nobj; i++)
    {
      uintptr_t s = objs[2 * i], e = objs[2 * i + 1];
      struct dm_mapping *m = dm_seg_from (dev, s);
      /* One segment of deep copy's, held by another construct (or, for
	 enter data, by this one), in no structure group.  */
      if (!m || m->host_start > s || m->host_end < e
	  || !(m->flags & DM_MAPPING_DEEP) || m->group_next
	  || (m->refcount != DM_REFCOUNT_INFINITE
	      && m->refcount < min_count))
	goto no;
      r->seg[i] = m;
      r->range[2 * i] = s;
      r->range[2 * i + 1] = e;
    }
  r->nrange = nobj;
  /* Objects inside one segment share its reference.  */
  qsort (r->seg, nobj, sizeof *r->seg, dm_replay_ptr_cmp);
  for (size_t i = 0; i < nobj; i++)
    if (r->nseg == 0 || r->seg[r->nseg - 1] != r->seg[i])
      r->seg[r->nseg++] = r->seg[i];
  for (size_t i = 0; i < nslot; i++)
    {
      uintptr_t slot = (uintptr_t) slots[i];
      struct dm_mapping *m = dm_maptable_floor (&dev->table, slot);
      if (!m || slot >= m->host_end || !m->block->attach_counts)
	goto no;
      size_t k = dm_slot_of (m->block, slot);
      if (m->block->attach_counts[k] < min_count
	  || dm_slot_addr (m->block, k) != slot)
	goto no;
      r->slot_block[i] = m->block;
      r->slot_index[i] = k;
      r->slot[i] = slot;
    }
  r->nslot = nslot;
  r->host = host;
  r->type = t;
  r->epoch = dev->deep_epoch;
  r->layout = dev->layout_generation;

  struct dm_replay_table *tab = dev->replays;
  if (!tab && !(tab = dev->replays = calloc (1, sizeof *tab)))
    goto no;
  if (old)
    dm_replay_drop (dev, old);
  if (tab->n == DM_REPLAY_MAX)
    {
      /* The oldest unused record goes.  */
      struct dm_replay **l = &tab->list, **victim = NULL;
      for (; *l; l = &(*l)->next)
	if (!(*l)->users)
	  victim = l;
      if (!victim)
	goto no;
      dm_replay_drop (dev, victim);
    }
  r->next = tab->list;
  tab->list = r;
  tab->n++;
  return;
no:
  dm_replay_free (r);
}

void
dm_replay_record_list (struct dm_device *dev, uintptr_t host,
		       const struct deepmap_type *t, size_t n, void **addrs,
		       const size_t *sizes, const unsigned short *kinds,
		       size_t first, uint64_t min_count)
{
  size_t nobj = 0, nslot = 0;
  for (size_t i = first; i < n; i++)
    if ((kinds[i] & 0xff) == DM_MAP_ATTACH)
      nslot++;
    else if (sizes[i])
      nobj++;
  uintptr_t *objs = malloc ((2 * nobj + 1) * sizeof *objs);
  void **slots = malloc ((nslot + 1) * sizeof *slots);
  if (objs && slots)
    {
      size_t o = 0, p = 0;
      for (size_t i = first; i < n; i++)
	if ((kinds[i] & 0xff) == DM_MAP_ATTACH)
	  slots[p++] = addrs[i];
	else if (sizes[i])
	  {
	    objs[2 * o] = (uintptr_t) addrs[i];
	    objs[2 * o + 1] = (uintptr_t) addrs[i] + sizes[i];
	    o++;
	  }
      dm_replay_record (dev, host, t, objs, nobj, slots, nslot, min_count);
    }
  free (objs);
  free (slots);
}

void
dm_replay_forget_all (struct dm_device *dev)
{
  struct dm_replay_table *t = dev->replays;
  while (t && t->list)
    dm_replay_drop (dev, &t->list);
}
