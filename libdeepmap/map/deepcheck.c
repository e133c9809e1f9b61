/* deepcheck.c -- DEEPMAP_CHECK: deep copy assumes that the pointer fields
   and counts of a mapped structure stay as they were when it was mapped
   (see deepcopy.h), and that after attachment the device copies of those
   fields hold device addresses.  Both are checked here, from records the
   expansion makes of every pointer field it passes.  */
#include <pthread.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>

#include "deepmap.h"
#include "engine/async.h"
#include "engine/devstate.h"
#include "engine/pool.h"
#include "map/deepcopy.h"
#include "map/hostpatch.h"
#include "map/directory.h"
#include "map/maptable.h"
#include "engine/transfer.h"
#include "support/addrhash.h"
#include "support/error.h"
#include "support/hostmem.h"

#define DM_NONE SIZE_MAX

/* A host pointer field (NULL included) as it was when its object was
   mapped, with the element count it had then.  */
struct dm_check_rec
{
  uintptr_t slot, value, obj;
  size_t count;
  const struct deepmap_type *type;
  const struct deepmap_field *field;
  size_t next;			/* dynamic table: chain or free list */
};

/* The records of one construct.  */
struct dm_check
{
  struct dm_check_rec *rec;
  size_t n, cap;
};

void *
dm_deep_check_new (void)
{
  void *c = calloc (1, sizeof (struct dm_check));
  if (!c)
    dm_fatal ("deep copy check: out of host memory");
  return c;
}

static void
dm_check_add (struct dm_check *c, const struct dm_check_rec *r)
{
  if (c->n == c->cap)
    {
      c->cap = c->cap ? 2 * c->cap : 32;
      c->rec = realloc (c->rec, c->cap * sizeof *c->rec);
      if (!c->rec)
	dm_fatal ("deep copy check: out of host memory");
    }
  c->rec[c->n++] = *r;
}

/* ---- records of enter data, until their exit data ------------------- */

/* Chained hash by slot address over an array of records (indices stay
   valid when it grows).  One slot may have several records: nested enter
   data of one structure make one each, and each exit data takes one.  */
static struct
{
  struct dm_check_rec *rec;
  size_t used, cap, free;	/* FREE: list of unused records */
  size_t *head;			/* bucket chains */
  size_t nbuckets, live;
} dm_dyn = { NULL, 0, 0, DM_NONE, NULL, 0, 0 };
static pthread_mutex_t dm_check_lock = PTHREAD_MUTEX_INITIALIZER;

static inline size_t
dm_dyn_bucket (uintptr_t slot)
{
  return dm_addr_hash (slot, 3, dm_dyn.nbuckets - 1);
}

/* Twice the buckets, when the chains would grow longer than one on
   average.  */
static void
dm_dyn_grow_buckets (void)
{
  size_t old = dm_dyn.nbuckets, *oldhead = dm_dyn.head;
  dm_dyn.nbuckets = old ? 2 * old : 256;
  dm_dyn.head = malloc (dm_dyn.nbuckets * sizeof *dm_dyn.head);
  if (!dm_dyn.head)
    dm_fatal ("deep copy check: out of host memory");
  for (size_t b = 0; b < dm_dyn.nbuckets; b++)
    dm_dyn.head[b] = DM_NONE;
  for (size_t b = 0; b < old; b++)
    for (size_t i = oldhead[b], next; i != DM_NONE; i = next)
      {
	next = dm_dyn.rec[i].next;
	size_t h = dm_dyn_bucket (dm_dyn.rec[i].slot);
	dm_dyn.rec[i].next = dm_dyn.head[h];
	dm_dyn.head[h] = i;
      }
  free (oldhead);
}

static void
dm_dyn_insert (const struct dm_check_rec *r)
{
  if (dm_dyn.live >= dm_dyn.nbuckets)
    dm_dyn_grow_buckets ();
  size_t i = dm_dyn.free;
  if (i != DM_NONE)
    dm_dyn.free = dm_dyn.rec[i].next;
  else
    {
      if (dm_dyn.used == dm_dyn.cap)
	{
	  dm_dyn.cap = dm_dyn.cap ? 2 * dm_dyn.cap : 256;
	  dm_dyn.rec = realloc (dm_dyn.rec, dm_dyn.cap * sizeof *dm_dyn.rec);
	  if (!dm_dyn.rec)
	    dm_fatal ("deep copy check: out of host memory");
	}
      i = dm_dyn.used++;
    }
  size_t h = dm_dyn_bucket (r->slot);
  dm_dyn.rec[i] = *r;
  dm_dyn.rec[i].next = dm_dyn.head[h];
  dm_dyn.head[h] = i;
  dm_dyn.live++;
}

/* Take a record of SLOT out into *OUT: one that still holds VALUE and
   COUNT if there is one (so that which of several nested records goes
   first does not matter), else any.  Returns 0 if SLOT has none.  */
static int
dm_dyn_take (uintptr_t slot, uintptr_t value, size_t count,
	     struct dm_check_rec *out)
{
  if (!dm_dyn.nbuckets)
    return 0;
  size_t h = dm_dyn_bucket (slot);
  size_t *link = NULL, *best = NULL;
  for (link = &dm_dyn.head[h]; *link != DM_NONE;
       link = &dm_dyn.rec[*link].next)
    {
      const struct dm_check_rec *r = &dm_dyn.rec[*link];
      if (r->slot != slot)
	continue;
      if (r->value == value && (!value || r->count == count))
	{
	  best = link;
	  break;
	}
      if (!best)
	best = link;
    }
  if (!best)
    return 0;
  size_t i = *best;
  *out = dm_dyn.rec[i];
  *best = dm_dyn.rec[i].next;
  dm_dyn.rec[i].next = dm_dyn.free;
  dm_dyn.free = i;
  dm_dyn.live--;
  return 1;
}

void
dm_deep_keep_check_record (void *check)
{
  struct dm_check *c = check;
  pthread_mutex_lock (&dm_check_lock);
  for (size_t i = 0; i < c->n; i++)
    dm_dyn_insert (&c->rec[i]);
  pthread_mutex_unlock (&dm_check_lock);
  free (c->rec);
  free (c);
}

/* ---- reports -------------------------------------------------------- */

/* "'name'", or "'name[i]'" for a repeated field (an array of pointers).  */
static void
dm_check_field_name (const struct dm_check_rec *r, char *buf, size_t size)
{
  const struct deepmap_field *f = r->field;
  const char *name = f && f->name ? f->name : "?";
  if (f && f->repeat > 1 && f->stride)
    snprintf (buf, size, "'%s[%zu]'", name,
	      (size_t) ((r->slot - r->obj - f->offset) / f->stride));
  else
    snprintf (buf, size, "'%s'", name);
}

static const char *
dm_check_type_name (const struct dm_check_rec *r)
{
  return r->type && r->type->name ? r->type->name : "an object";
}

static void
dm_check_ptr (uintptr_t p, char *buf, size_t size)
{
  if (p)
    snprintf (buf, size, "%p", (void *) p);
  else
    snprintf (buf, size, "NULL");
}

static void __attribute__ ((noreturn))
dm_check_fail (const struct dm_check_rec *r, uintptr_t now, size_t count,
	       const char *name, int device)
{
  char where[32] = "", field[160], was[32], is[32];
  if (device >= 0)
    snprintf (where, sizeof where, " on device %d", device);
  dm_check_field_name (r, field, sizeof field);
  if (now == r->value)
    dm_fatal ("%s%s: the count of pointer field %s of %s at host %p changed "
	      "while mapped (was %zu, now %zu elements); deep copy maps and "
	      "unmaps as many elements as the count says (DEEPMAP_CHECK)",
	      name, where, field, dm_check_type_name (r), (void *) r->slot,
	      r->count, count);
  dm_check_ptr (r->value, was, sizeof was);
  dm_check_ptr (now, is, sizeof is);
  dm_fatal ("%s%s: host pointer field %s of %s at host %p changed while "
	    "mapped (was %s, now %s); deep copy assumes mapped structures "
	    "keep their pointers (DEEPMAP_CHECK)", name, where, field,
	    dm_check_type_name (r), (void *) r->slot, was, is);
}

/* Does the field of R still hold what it held, NOW with COUNT elements?
   A count only matters while the pointer is set and the type counts
   through a field.  */
static inline int
dm_check_same (const struct dm_check_rec *r, uintptr_t now, size_t count)
{
  return now == r->value
	 && (!now || r->field->count_kind != DEEPMAP_COUNT_FIELD
	     || count == r->count);
}

/* ---- the expansion's calls ------------------------------------------ */

void
dm_deep_check_field (void *check, enum dm_construct c,
		     const struct deepmap_type *t,
		     const struct deepmap_field *fd, uintptr_t obj,
		     uintptr_t slot, uintptr_t value, size_t count)
{
  struct dm_check_rec r = { slot, value, obj, count, t, fd, DM_NONE };
  if (c != DM_CONSTRUCT_EXIT_DATA)
    {
      if (check)
	dm_check_add (check, &r);
      return;
    }
  /* Exit data: the record enter data made goes, whatever it says.  */
  struct dm_check_rec old;
  pthread_mutex_lock (&dm_check_lock);
  int found = dm_dyn_take (slot, value, count, &old);
  pthread_mutex_unlock (&dm_check_lock);
  /* A pointer that was NULL reached nothing, so nothing is left
     behind if the host set it since (a structure mapped by a base
     class's constructor before the derived one allocates its array).  */
  if (found && old.value && !dm_check_same (&old, value, count)
      && !dm_dir_came_back (slot, value))
    dm_check_fail (&old, value, count, "target exit data", -1);
}

void
dm_deep_check_run (void *check, const char *name, int device)
{
  struct dm_check *c = check;
  dm_deep_walk_begin ();
  for (size_t i = 0; i < c->n; i++)
    {
      const struct dm_check_rec *r = &c->rec[i];
      uintptr_t now = dm_deep_load (r->slot);
      size_t count = now ? dm_field_count (r->field, (const char *) r->obj,
					   r->slot)
			 : 0;
      if (!dm_check_same (r, now, count)
	  && !dm_dir_came_back (r->slot, now))
	dm_check_fail (r, now, count, name, device);
    }
  dm_deep_walk_end ();
  free (c->rec);
  free (c);
}

/* ---- the device copies after attachment ----------------------------- */

static void __attribute__ ((noreturn))
dm_check_device_fail (struct dm_device *dev, const struct dm_check_rec *r,
		      uintptr_t held, uintptr_t want, int host,
		      const char *name)
{
  char field[160], target[32];
  pthread_mutex_unlock (&dev->lock);
  dm_check_field_name (r, field, sizeof field);
  dm_check_ptr (r->value, target, sizeof target);
  if (host)
    dm_fatal ("%s on device %d: the device copy of pointer field %s of %s "
	      "at host %p holds the host address %p (untranslated), not the "
	      "device address %p of its target; a GPU could not follow it "
	      "(DEEPMAP_CHECK)", name, dev->id, field, dm_check_type_name (r),
	      (void *) r->slot, (void *) held, (void *) want);
  dm_fatal ("%s on device %d: the device copy of pointer field %s of %s at "
	    "host %p holds %p, not the device address %p of its target (host "
	    "%s) (DEEPMAP_CHECK)", name, dev->id, field,
	    dm_check_type_name (r), (void *) r->slot, (void *) held,
	    (void *) want, target);
}

void
dm_deep_check_device_records (void *check, struct dm_device *dev,
			      const char *name)
{
  struct dm_check *c = check;
  if (!c || !dev)
    return;
  dm_device_lock (dev);
  for (size_t i = 0; i < c->n; i++)
    {
      const struct dm_check_rec *r = &c->rec[i];
      /* A set pointer to no elements keeps the host value on the
	 device (deepcopy.c), which nothing may dereference.  */
      if (r->value && !r->count)
	continue;
      /* Nor is a pointer to no readable memory (deep copy leaves it as
	 the host has it: deepcopy.c, dm_expand_fields).  */
      size_t psize = r->field->pointee && r->field->pointee->size
		     ? r->field->pointee->size : 1;
      if (r->value && (r->count > SIZE_MAX / psize
		       || !dm_host_readable (r->value, r->count * psize)))
	continue;
      /* Nor is the end pointer of an empty array beside it.  */
      size_t elem, begin;
      size_t rep = r->field->repeat > 1 && r->field->stride
		   ? (r->slot - r->obj - r->field->offset) / r->field->stride
		   : 0;
      if (r->value && r->field->count_kind == DEEPMAP_COUNT_ONE
	  && dm_sibling_end (r->type, (size_t) (r->field - r->type->fields),
			     rep, r->obj, r->value, &elem, &begin) == 2)
	continue;
      /* A device address the program holds (omp_target_alloc's) is not
	 followed: its device copy is the value itself.  */
      uintptr_t ustart;
      size_t usize;
      if (r->value && dm_pool_user_block (dev, r->value, &ustart, &usize))
	continue;
      uintptr_t dslot = dm_dir_translate (dev, r->slot, 0), held;
      if (!dslot)
	continue;
      /* What other constructs' queues still copy there (a nowait enter
	 data that mapped the structure first) is not there yet.  */
      struct dm_mapping *sm = dm_maptable_floor (&dev->map->table, r->slot);
      if (sm)
	dm_async_before_read (dev, sm->block->async, NULL);
      if (dm_copy_to_host_uncounted (dev, &held, dslot, sizeof held, NULL)
	  != 0)
	dm_fatal_unlock (&dev->lock,
			 "%s on device %d: reading the device copy of the pointer "
			 "at host %p failed (DEEPMAP_CHECK): %s", name, dev->id,
			 (void *) r->slot, dm_reason ());
      uintptr_t want = r->value ? dm_dir_translate (dev, r->value, 1) : 0;
      if (held == want)
	continue;
      int host = held == r->value || dm_dir_translate (dev, held, 1) != 0;
      /* A NULL field whose device copy kept an older device address was
	 changed while mapped: dm_deep_check reports that.  A target not
	 present (a program's own section attached it with a bias) has no
	 device address to compare with.  */
      if (!host && (!r->value || !want))
	continue;
      /* A region stored another pointer there (NULL, or the device
	 address of something mapped), which the host gets when the
	 structure comes back (dir-back.c): a device address all the
	 same.  */
      uintptr_t back;
      if (!host && (!held || dm_dir_untranslate (dev, held, &back)))
	continue;
      dm_check_device_fail (dev, r, held, want, host, name);
    }
  pthread_mutex_unlock (&dev->lock);
}
