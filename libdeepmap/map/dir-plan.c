/* dir-plan.c -- the deferred work of a deep-copy construct (struct
   dm_plan, directory.h): copies to the device and pointer patches
   collected while its expanded list is mapped, then carried out with the
   strategy DEEPMAP_DEEPCOPY selects (BASE, TCPY, PCPY, BATCH), and
   copies back batched the same way.  */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "engine/transfer.h"
#include "map/dir-internal.h"
#include "map/hostpatch.h"
#include "support/hostmem.h"
#include "support/sort.h"

/* Write the patched pointers of PLAN[*K...] that lie in [S, E) into BUF,
   which mirrors host S; advance *K past them.  Patches are sorted.  */
static void
dm_patch_buffer (struct dm_ctx *ctx, struct dm_plan *plan, size_t *k,
		 char *buf, uintptr_t s, uintptr_t e, char *done)
{
  while (*k < plan->npatch && plan->patch[*k].slot < s)
    (*k)++;
  for (size_t j = *k; j < plan->npatch && plan->patch[j].slot < e; j++)
    {
      struct dm_plan_patch *pt = &plan->patch[j];
      if (pt->slot + sizeof (uintptr_t) > e)
	break;
      uintptr_t v = dm_attach_value (ctx, pt->slot, pt->bias,
				     pt->allow_missing, pt->section);
      memcpy (buf + (pt->slot - s), &v, sizeof v);
      done[j] = 1;
    }
}

/* Host range [S, E) straight back from its block (dm_copy compares
   what would land in read-only memory).  */
static void
dm_copy_back_one (struct dm_ctx *ctx, uintptr_t s, uintptr_t e)
{
  struct dm_mapping *m = dm_maptable_floor (&ctx->dev->map->table, s);
  dm_copy (ctx, m->block, s, e, 0);
}

/* An object of a batched copy: its device address DEV, host range
   [S, E) and block (NULL if not mapped).  Sorted by DEV (the first
   word).  */
struct dm_batch_item
{
  uintptr_t dev, s, e;
  struct dm_block *block;
};

static void
dm_batch_item_of (struct dm_device *dev, struct dm_batch_item *it,
		  uintptr_t s, uintptr_t e)
{
  struct dm_mapping *m = dm_maptable_floor (&dev->map->table, s);
  int mapped = m && (s < m->host_end || m->host_start == s);
  it->s = s;
  it->e = e;
  /* Not mapped (no plan has such an object): device address 0, whose
     transfer fails as dm_dir_translate's does.  */
  it->block = mapped ? m->block : NULL;
  it->dev = mapped ? dm_block_dev (m->block, s) : 0;
}

/* Whether NEXT continues a transfer that ends with PREV: device-adjacent,
   or blocks carved one after the other from one slab (one allocation on
   any device), whose alignment pad between them no mapping uses.  *GAP:
   the bytes between them.  */
static int
dm_batch_follows (const struct dm_batch_item *prev,
		  const struct dm_batch_item *next, uintptr_t *gap)
{
  const struct dm_block *pb = prev->block, *nb = next->block;
  uintptr_t end = prev->dev + (prev->e - prev->s);
  *gap = next->dev - end;
  if (next->dev == end)
    return 1;
  return next->dev > end && pb && nb && pb->slab && pb->slab == nb->slab
	 && end == pb->dev_start + (pb->host_end - pb->host_start)
	 && next->dev == nb->dev_start
	 && pb->alloc_addr + pb->alloc_size == nb->alloc_addr;
}

/* The staging bytes the sorted items T[0..N) take, the bytes between
   those that follow each other included (TOTAL without them), at most
   DM_SCRATCH_KEEP.  */
static size_t
dm_batch_staging (const struct dm_batch_item *t, size_t n, size_t total)
{
  uintptr_t gap;
  for (size_t i = 1; i < n && total < DM_SCRATCH_KEEP; i++)
    if (dm_batch_follows (&t[i - 1], &t[i], &gap))
      total += gap;
  return total < DM_SCRATCH_KEEP ? total : DM_SCRATCH_KEEP;
}

void
dm_dir_plan_run_back (struct dm_ctx *ctx, struct dm_plan *plan,
		      enum dm_deep_strategy strategy)
{
  struct dm_device *dev = ctx->dev;
  size_t n = plan->nback;
  if (strategy != DM_DEEP_BATCH || n < 2)
    {
      for (size_t i = 0; i < n; i++)
	dm_copy_back_one (ctx, plan->back[i].s, plan->back[i].e);
    }
  else
    {
      struct dm_batch_item *t = malloc (n * sizeof *t);
      size_t total = 0;
      if (!t)
	dm_fail (ctx, "out of host memory planning copies back");
      size_t m = 0;
      for (size_t i = 0; i < n; i++)
	{
	  uintptr_t s0 = plan->back[i].s, e0 = plan->back[i].e;
	  /* Big ranges: straight back, a staging copy would cost more than
	     the transfers it saves.  */
	  if (e0 - s0 > DM_BATCH_MAX)
	    {
	      dm_copy_back_one (ctx, s0, e0);
	      continue;
	    }
	  dm_batch_item_of (dev, &t[m], s0, e0);
	  total += e0 - s0;
	  m++;
	}
      n = m;
      dm_sort (t, n, sizeof *t, 0);
      size_t held = dm_batch_staging (t, n, total);
      char *stage = dm_scratch_get (ctx, &held);
      size_t i = 0;
      while (i < n)
	{
	  /* A run of objects that follow each other on the device and fit
	     the staging buffer: one transfer.  */
	  size_t j = i + 1;
	  uintptr_t end = t[i].dev + (t[i].e - t[i].s), gap;
	  while (j < n && dm_batch_follows (&t[j - 1], &t[j], &gap)
		 && t[j].dev + (t[j].e - t[j].s) - t[i].dev <= held)
	    end = t[j].dev + (t[j].e - t[j].s), j++;
	  dm_stage_back (ctx, stage, t[i].dev, end - t[i].dev);
	  for (size_t k = i; k < j; k++)
	    dm_copy_back_buffer (ctx, t[k].block,
				 stage + (t[k].dev - t[i].dev), t[k].s, t[k].e);
	  i = j;
	}
      dm_scratch_put (ctx, stage, held);
      free (t);
    }
  free (plan->back);
  plan->back = NULL;
  plan->nback = plan->capback = 0;
}

/* The first patch of PLAN at or after host address S (patches are
   sorted by slot).  */
static size_t
dm_patch_first (const struct dm_plan *plan, uintptr_t s)
{
  size_t lo = 0, hi = plan->npatch;
  while (lo < hi)
    {
      size_t mid = lo + (hi - lo) / 2;
      if (plan->patch[mid].slot < s)
	lo = mid + 1;
      else
	hi = mid;
    }
  return lo;
}

/* Host [S, E) has just gone to the device as it is: the patches of PLAN
   wholly inside it whose host pointer is NULL need no write of their
   own, since the copy carried that NULL, which is the value an
   attachment gives it (a tree's leaves: two writes a node before).  */
static void
dm_patch_sent_null (struct dm_plan *plan, uintptr_t s, uintptr_t e,
		    char *done)
{
  for (size_t j = dm_patch_first (plan, s);
       j < plan->npatch && plan->patch[j].slot + sizeof (uintptr_t) <= e;
       j++)
    if (dm_deep_load (plan->patch[j].slot) == 0)
      done[j] = 1;
}

/* BATCH (after Chen, Sura and Sung's TCPY, merged): every object of the
   plan up to DM_BATCH_MAX bytes, pointer-free ones included, is packed
   into one staging buffer in device-address order with its pointers
   patched, and each run of device-adjacent objects goes in one transfer:
   a construct's new blocks come from the pool's size classes one after
   another, so they are adjacent whatever order the host objects have.  */
static void
dm_plan_run_batch (struct dm_ctx *ctx, struct dm_plan *plan, char *done)
{
  struct dm_device *dev = ctx->dev;
  size_t n = plan->ncopy, m = 0, total = 0;
  struct dm_batch_item *t = malloc ((n ? n : 1) * sizeof *t);
  if (!t)
    dm_fail (ctx, "out of host memory staging a deep copy");
  for (size_t i = 0; i < n; i++)
    {
      struct dm_plan_copy *c = &plan->copy[i];
      size_t len = c->e - c->s;
      if (len > DM_BATCH_MAX)
	{
	  /* Big: straight from host memory (its pointers are written
	     afterwards, as BASE does).  */
	  uintptr_t d = dm_dir_translate (dev, c->s, 0);
	  if (dm_copy_to_device (dev, d, (void *) c->s, len, NULL))
	    dm_fail (ctx, "deep copy: sending %zu bytes to device address "
		     "%p failed: %s", len, (void *) d, dm_reason ());
	  dm_patch_sent_null (plan, c->s, c->e, done);
	  continue;
	}
      dm_batch_item_of (dev, &t[m], c->s, c->e);
      total += len;
      m++;
    }
  dm_sort (t, m, sizeof *t, 0);
  size_t held = dm_batch_staging (t, m, total);
  char *stage = dm_scratch_get (ctx, &held);
  size_t off = 0;
  for (size_t i = 0; i < m;)
    {
      /* A run of objects that follow each other on the device and fit
	 what is left of the staging buffer (the copies are synchronous:
	 a full buffer is reused from its start).  Bytes between objects
	 go as zeros: nothing uses them.  */
      if (off + (t[i].e - t[i].s) > held)
	off = 0;
      size_t run = off, j = i;
      uintptr_t gap = 0;
      for (; j < m
	     && (j == i || dm_batch_follows (&t[j - 1], &t[j], &gap))
	     && off + (j == i ? 0 : gap) + (t[j].e - t[j].s) <= held; j++)
	{
	  uintptr_t s0 = t[j].s, e0 = t[j].e;
	  if (j > i && gap)
	    {
	      memset (stage + off, 0, gap);
	      off += gap;
	    }
	  memcpy (stage + off, (void *) s0, e0 - s0);
	  size_t k = dm_patch_first (plan, s0);
	  dm_patch_buffer (ctx, plan, &k, stage + off, s0, e0, done);
	  off += e0 - s0;
	}
      if (dm_copy_to_device (dev, t[i].dev, stage + run, off - run, NULL))
	dm_fail (ctx, "deep copy: sending %zu bytes to device address %p "
		 "failed: %s", (size_t) (off - run), (void *) t[i].dev,
		 dm_reason ());
      i = j;
    }
  dm_scratch_put (ctx, stage, held);
  free (t);
}

void
dm_dir_plan_run (struct dm_ctx *ctx, struct dm_plan *plan,
		 enum dm_deep_strategy strategy)
{
  struct dm_device *dev = ctx->dev;
  dm_sort (plan->copy, plan->ncopy, sizeof *plan->copy,
	       offsetof (struct dm_plan_copy, s));
  dm_sort (plan->patch, plan->npatch, sizeof *plan->patch,
	       offsetof (struct dm_plan_patch, slot));
  char *done = calloc (plan->npatch + 1, 1);
  if (!done)
    dm_fail (ctx, "out of host memory carrying out a deep copy");
  size_t k = 0;

  if (strategy == DM_DEEP_BASE)
    for (size_t i = 0; i < plan->ncopy; i++)
      {
	struct dm_plan_copy *c = &plan->copy[i];
	struct dm_mapping *m = dm_maptable_floor (&dev->map->table, c->s);
	dm_copy (ctx, m->block, c->s, c->e, 1);
      }
  else if (strategy == DM_DEEP_PCPY)
    for (size_t i = 0; i < plan->ncopy; i++)
      {
	/* Patch the host object itself, send it, put it back.  */
	struct dm_plan_copy *c = &plan->copy[i];
	size_t first = k, len = c->e - c->s;
	uintptr_t saved[64];
	size_t j = k, nsaved = 0;
	while (j < plan->npatch && plan->patch[j].slot < c->s)
	  j++;
	first = j;
	for (; j < plan->npatch && plan->patch[j].slot + sizeof (uintptr_t)
				     <= c->e && nsaved < 64; j++)
	  saved[nsaved++] = dm_deep_load (plan->patch[j].slot);
	uintptr_t vals[64];
	for (size_t q = 0; q < nsaved; q++)
	  vals[q] = dm_attach_value (ctx, plan->patch[first + q].slot,
				     plan->patch[first + q].bias,
				     plan->patch[first + q].allow_missing,
				     plan->patch[first + q].section);
	/* While another thread walks host structures (map/hostpatch.h)
	   the object goes as it is: its pointers are written afterwards,
	   one by one, as those of present objects are.  */
	int patch = nsaved && dm_deep_patch_begin ();
	for (size_t q = 0; patch && q < nsaved; q++)
	  {
	    dm_store_word (plan->patch[first + q].slot, vals[q]);
	    done[first + q] = 1;
	  }
	int r = dm_copy_to_device (dev, dm_dir_translate (dev, c->s, 0),
				   (void *) c->s, len, NULL);
	for (size_t q = 0; patch && q < nsaved; q++)
	  dm_store_word (plan->patch[first + q].slot, saved[q]);
	if (patch)
	  dm_deep_patch_end ();
	if (r != 0)
	  dm_fail (ctx, "copying host [%p, %p) to the device failed: %s",
		   (void *) c->s, (void *) c->e, dm_reason ());
	k = first;
      }
  else if (strategy == DM_DEEP_BATCH)
    dm_plan_run_batch (ctx, plan, done);
  else
    {
      /* TCPY: one patched temporary per object, in one staging buffer.  */
      size_t total = 0;
      for (size_t i = 0; i < plan->ncopy; i++)
	total += plan->copy[i].e - plan->copy[i].s;
      char *stage = malloc (total ? total : 1);
      if (!stage)
	dm_fail (ctx, "out of host memory staging %zu bytes of deep copy",
		 total);
      size_t off = 0;
      for (size_t i = 0; i < plan->ncopy; i++)
	{
	  struct dm_plan_copy *c = &plan->copy[i];
	  size_t len = c->e - c->s;
	  uintptr_t d = dm_dir_translate (dev, c->s, 0);
	  /* An object without pointers to patch goes straight from host
	     memory: staging it would only add a copy.  */
	  while (k < plan->npatch && plan->patch[k].slot < c->s)
	    k++;
	  /* Likewise a big one: its few pointers are cheaper to write
	     afterwards than the whole object to stage (base strategy).  */
	  if (k == plan->npatch || plan->patch[k].slot >= c->e
	      || len > DM_BATCH_MAX)
	    {
	      if (dm_copy_to_device (dev, d, (void *) c->s, len, NULL))
		dm_fail (ctx, "deep copy: sending %zu bytes to device address "
			 "%p failed: %s", len, (void *) d, dm_reason ());
	      dm_patch_sent_null (plan, c->s, c->e, done);
	      continue;
	    }
	  char *buf = stage + off;
	  memcpy (buf, (void *) c->s, len);
	  dm_patch_buffer (ctx, plan, &k, buf, c->s, c->e, done);
	  if (dm_copy_to_device (dev, d, buf, len, NULL))
	    dm_fail (ctx, "deep copy: sending %zu bytes to device address "
		     "%p failed: %s", len, (void *) d, dm_reason ());
	  off += len;
	}
      free (stage);
    }

  /* Pointers in objects that were present already (or, for BASE, all of
     them) are written one by one.  */
  for (size_t j = 0; j < plan->npatch; j++)
    if (!done[j])
      {
	struct dm_plan_patch *pt = &plan->patch[j];
	dm_dir_write_pointer (ctx, pt->slot,
			      dm_attach_value (ctx, pt->slot, pt->bias,
					       pt->allow_missing,
					       pt->section));
      }
  free (done);
  free (plan->copy);
  free (plan->patch);
  memset (plan, 0, sizeof *plan);
}
