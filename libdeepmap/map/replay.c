/* replay.c -- re-entering a present deep structure (see replay.h).  */
#include <stdlib.h>

#include "deepmap.h"
#include "map/dir-internal.h"
#include "map/replay.h"
#include "support/ompabi.h"
#include "support/error.h"

/* Records per device: a loop usually re-enters a handful of structures;
   past this many the oldest unused one goes.  */
#define DM_REPLAY_MAX 64

struct dm_replay
{
  struct dm_replay_pin pin;		/* first: segments point here */
  uintptr_t host;			/* the deep item */
  const struct deepmap_type *type;
  uint64_t epoch;			/* DEV->map->deep_epoch then */
  size_t nseg;
  struct dm_mapping **seg;		/* distinct segments of the objects */
  size_t nrange;
  uintptr_t *range;			/* object ranges: start, end pairs */
  uintptr_t *slot;			/* the attached pointers' addresses */
  size_t nslot;
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
  free (r->slot);
  free (r->pin.later);
  free (r);
}

/* Free R once nothing replays it and no segment points to it.  */
static void
dm_replay_maybe_free (struct dm_replay *r)
{
  if (r->pin.dead && r->pin.users == 0 && r->pin.npinned == 0)
    dm_replay_free (r);
}

/* The pin's hook (struct dm_replay_pin): a segment let go of R.  */
static void
dm_replay_unpinned (struct dm_replay_pin *pin)
{
  dm_replay_maybe_free ((struct dm_replay *) pin);
}

/* Unlink R from DEV's table (*LINK points at it); free it unless in use.  */
static void
dm_replay_drop (struct dm_device *dev, struct dm_replay **link)
{
  struct dm_replay *r = *link;
  struct dm_replay_table *t = dev->map->replays;
  *link = r->next;
  t->n--;
  r->pin.dead = 1;
  dm_replay_maybe_free (r);
}

static struct dm_replay **
dm_replay_find (struct dm_device *dev, uintptr_t host,
		const struct deepmap_type *type)
{
  struct dm_replay_table *t = dev->map->replays;
  if (!t)
    return NULL;
  for (struct dm_replay **l = &t->list; *l; l = &(*l)->next)
    if ((*l)->host == host && (*l)->type == type)
      return l;
  return NULL;
}

/* Nothing deep copy mapped was removed, split or lost a pointer since R
   was recorded: every recorded segment is there, pinned, and attached.
   (Fusion moves blocks but keeps segments and attachments.)  */
static inline int
dm_replay_valid (const struct dm_device *dev, const struct dm_replay *r)
{
  return r->epoch == dev->map->deep_epoch;
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
      dm_replay_drop (dev, l);
      return NULL;
    }
  /* The construct's references on everything the item reaches are this
     count: the pinned segments consult it (dm_seg_replayed).  */
  r->pin.users++;
  return r;
}

struct dm_replay_pin *
dm_replay_pin_of (struct dm_replay *r)
{
  return &r->pin;
}

void
dm_replay_cancel (struct dm_replay *r)
{
  r->pin.users--;
}

int
dm_replay_reaches (const struct dm_replay *r, uintptr_t a, size_t s)
{
  for (size_t i = 0; i < r->nrange; i++)
    if (r->range[2 * i] < a + s && a < r->range[2 * i + 1])
      return 1;
  return 0;
}

void
dm_replay_end (struct dm_ctx *ctx, struct dm_replay *r, int copy_from)
{
  if (--r->pin.users == 0 && r->pin.deferred)
    {
      /* Others let go meanwhile (another thread's exit data): what the
	 full path's end would do now that its references go, by host
	 ranges (a split does not change them).  */
      r->pin.deferred = 0;
      int saved_deep = ctx->deep;
      ctx->deep = 1;
      if (copy_from)
	for (size_t i = 0; i < r->nrange; i++)
	  dm_dir_copy_back (ctx, r->range[2 * i], r->range[2 * i + 1], 0);
      /* Detach after copy-back, which skips attached pointers.  */
      size_t n = r->pin.nlater;
      r->pin.nlater = 0;
      for (size_t i = 0; i < n; i++)
	dm_dir_detach (ctx, r->pin.later[i], 0);
      for (size_t i = 0; i < r->nrange; i++)
	dm_dir_reap (ctx, r->range[2 * i], r->range[2 * i + 1]);
      ctx->deep = saved_deep;
    }
  dm_replay_maybe_free (r);
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
  r->pin.unpinned = dm_replay_unpinned;
  r->seg = malloc ((nobj + 2) * sizeof *r->seg);
  r->range = malloc ((2 * nobj + 1) * sizeof *r->range);
  r->slot = malloc ((nslot + 1) * sizeof *r->slot);
  if (!r->seg || !r->range || !r->slot)
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
  if (old)
    {
      /* A record in use keeps its pins until its replayers end.  */
      if (dm_replay_valid (dev, *old) || (*old)->pin.users)
	return;
      dm_replay_drop (dev, old);
    }
  struct dm_replay *r = dm_replay_new (nobj, nslot);
  if (!r)
    return;
  for (size_t i = 0; i < nobj; i++)
    {
      uintptr_t s = objs[2 * i], e = objs[2 * i + 1];
      struct dm_mapping *m = dm_seg_from (dev, s);
      /* One segment of deep copy's, held by another construct (or, for
	 enter data, by this one), in no structure group, pinned by no
	 other live record.  */
      if (!m || m->host_start > s || m->host_end < e
	  || !(m->flags & DM_MAPPING_DEEP) || m->group_next
	  || (m->refcount != DM_REFCOUNT_INFINITE
	      && m->refcount < min_count)
	  || (m->pin && (!m->pin->dead || m->pin->users)))
	goto no;
      r->seg[i] = m;
      r->range[2 * i] = s;
      r->range[2 * i + 1] = e;
    }
  r->nrange = nobj;
  /* The item's own segment is pinned too, not counted: its pointers are
     among the record's, and another thread's exit data must not detach
     them under a replayer (the item keeps its own reference).  */
  struct dm_mapping *top = dm_seg_from (dev, host);
  if (!top || top->host_start > host || (top->pin && (!top->pin->dead
						       || top->pin->users)))
    goto no;
  r->seg[nobj] = top;
  /* Objects inside one segment share its reference.  */
  qsort (r->seg, nobj + 1, sizeof *r->seg, dm_replay_ptr_cmp);
  for (size_t i = 0; i <= nobj; i++)
    if (r->nseg == 0 || r->seg[r->nseg - 1] != r->seg[i])
      r->seg[r->nseg++] = r->seg[i];
  for (size_t i = 0; i < nslot; i++)
    {
      uintptr_t slot = (uintptr_t) slots[i];
      struct dm_mapping *m = dm_maptable_floor (&dev->map->table, slot);
      if (!m || slot >= m->host_end)
	goto no;
      size_t k = dm_slot_of (m->block, slot);
      if (dm_slot_attached (m->block, k) < min_count
	  || dm_slot_addr (m->block, k) != slot)
	goto no;
      r->slot[i] = slot;
    }
  r->nslot = nslot;
  r->host = host;
  r->type = t;
  r->epoch = dev->map->deep_epoch;

  struct dm_replay_table *tab = dev->map->replays;
  if (!tab && !(tab = dev->map->replays = calloc (1, sizeof *tab)))
    goto no;
  if (tab->n == DM_REPLAY_MAX)
    {
      /* The oldest unused record goes.  */
      struct dm_replay **l = &tab->list, **victim = NULL;
      for (; *l; l = &(*l)->next)
	if (!(*l)->pin.users)
	  victim = l;
      if (!victim)
	goto no;
      dm_replay_drop (dev, victim);
    }
  /* Pin: the segments now answer for the record's replayers.  */
  for (size_t i = 0; i < r->nseg; i++)
    {
      if (r->seg[i]->pin)
	dm_seg_unpin (r->seg[i]);
      r->seg[i]->pin = &r->pin;
      r->pin.npinned++;
    }
  r->next = tab->list;
  tab->list = r;
  tab->n++;
  return;
no:
  dm_replay_free (r);
}

/* Deep copy's attach entries: of a pointer to mapped bytes, or of an
   empty array's (zero-length form, deepcopy.c).  */
static inline int
dm_replay_attaches (unsigned short k)
{
  return (k & 0xff) == DM_MAP_ATTACH
	 || (k & 0xff) == DM_MAP_ATTACH_ZERO_LENGTH_ARRAY_SECTION;
}

void
dm_replay_record_list (struct dm_device *dev, uintptr_t host,
		       const struct deepmap_type *t, size_t n, void **addrs,
		       const size_t *sizes, const unsigned short *kinds,
		       size_t first, uint64_t min_count)
{
  size_t nobj = 0, nslot = 0;
  for (size_t i = first; i < n; i++)
    if (dm_replay_attaches (kinds[i]))
      nslot++;
    else if (sizes[i])
      nobj++;
  uintptr_t *objs = malloc ((2 * nobj + 1) * sizeof *objs);
  void **slots = malloc ((nslot + 1) * sizeof *slots);
  if (objs && slots)
    {
      size_t o = 0, p = 0;
      for (size_t i = first; i < n; i++)
	if (dm_replay_attaches (kinds[i]))
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
  struct dm_replay_table *t = dev->map->replays;
  while (t && t->list)
    dm_replay_drop (dev, &t->list);
}
