/* deepcopy.h -- automatic deep copy: list items whose type holds pointers
   (described by deepmap_type descriptors, from the GCC plugin or the C
   API) are expanded into the list of every object they reach, plus one
   attach (or detach) entry per pointer, before the construct is mapped.

   After Chen, Sura and Sung (LCPC 2016): Map_Enter/Map_Exit become the
   ordinary mapping of the expanded list, so the directory's per-byte
   reference counts are the paper's MapCount (one per top-level map that
   reaches an object), the per-call visited set is its cycle mark, and
   attachment patches the device copies' pointers after the copy (the
   BASE strategy) while copy-back skips attached pointer slots, so host
   pointer fields are never overwritten.  */
#ifndef DM_DEEPCOPY_H
#define DM_DEEPCOPY_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <stdint.h>

#include "support/export.h"
#include "map/descriptor.h"
#include "map/mapping.h"
#include "map/sites.h"

/* Items announced as overwritten (map/overwrite.h) that are acted on,
   per construct; the rest are mapped as written.  A hoisted enter data
   announces every kept section a construct overwrites or the host's
   update refills (LULESH's announces 20: at 16, arrays were copied in
   for nothing).  */
#define DM_OVERWRITE_MAX 64

/* A construct's list, possibly expanded.  */
struct dm_deep_list
{
  size_t n;
  void **addrs;
  size_t *sizes;
  unsigned short *kinds;
  size_t original;		/* the caller's entries come first */
  void *check;			/* check-mode record (DEEPMAP_CHECK) */
  void *storage;		/* what to free */
  /* The construct's one deep item, when it had exactly one (what
     replay.h records after mapping it), else ITEM_TYPE NULL.  */
  uintptr_t item_host;
  const struct deepmap_type *item_type;
  /* A copy of the kinds made to clear the copy in of items announced as
     overwritten (map/overwrite.h), or NULL.  */
  unsigned short *own_kinds;
  /* The items announced as overwritten: of a target construct, those
     whose copy in was cleared; of an enter data, those whose copy in may
     wait for the next construct (map/mapping.h, dm_deep_info).  */
  size_t nover;
  size_t over[DM_OVERWRITE_MAX];
};

/* Start L as the list of the caller's N entries: every field but OVER,
   which only its first NOVER entries count (zeroing it at each construct
   was a quarter of the cost of an enter and exit data).  */
static inline void
dm_deep_list_init (struct dm_deep_list *l, size_t n, void **addrs,
		   size_t *sizes, unsigned short *kinds)
{
  l->n = n;
  l->addrs = addrs;
  l->sizes = sizes;
  l->kinds = kinds;
  l->original = n;
  l->check = NULL;
  l->storage = NULL;
  l->item_host = 0;
  l->item_type = NULL;
  l->own_kinds = NULL;
  l->nover = 0;
}

struct deepmap_type;

/* The construct's one deep item when a record may replay it (replay.h):
   exactly one announced item, on a data item of kind alloc, to, from or
   tofrom (no always, delete or release) of a target or target data
   construct, check mode off.  Returns 1 with its index and type, else 0.
   Leaves the announcement in place.  */
int dm_deep_replay_item (enum dm_construct c, size_t mapnum,
			 void **hostaddrs, const size_t *sizes,
			 const unsigned short *kinds, size_t *index,
			 const struct deepmap_type **t);

/* The construct was replayed: forget this thread's announcement.  */
void dm_deep_discard (void);

/* How many annotations this thread has for its next construct.  */
extern DM_TLS size_t dm_deep_npending;

/* This thread's announcement for its next construct, set aside across
   a call that hoisting inserted between deepmap_annotate and that
   construct (an enter data or update of other sections: random-hoist
   seed 1304, program 4), which would take it otherwise.  */
struct dm_deep_pending
{
  const struct deepmap_annotation *items;
  const size_t *index;
  size_t n;
};
void dm_deep_set_aside (struct dm_deep_pending *p);
void dm_deep_restore (const struct dm_deep_pending *p);

/* Take this thread's announcement for a construct that is expanded later
   and maybe on another thread (a nowait task walks the structures once
   its dependences are met, not when it is created): copy its annotations
   into ANN and their entries into INDEX (room for dm_deep_npending of
   each) and clear it.  Returns how many; *INDEXED is 0 when entries are
   matched by address only (deepmap_annotate's).  dm_deep_restore with
   the copies announces it again.  */
size_t dm_deep_take (struct deepmap_annotation *ann, size_t *index,
		     int *indexed);

/* The sites of a construct announced for the length of one GOMP_* call
   (map/sites.h): the annotations live in the caller's frame.  */
#define DM_SITES_INLINE 8
struct dm_site_announce
{
  int used;
  struct deepmap_annotation *heap;	/* and the entries after them */
  struct deepmap_annotation buf[DM_SITES_INLINE];
  size_t ibuf[DM_SITES_INLINE];		/* the entry of each of BUF */
};

void dm_deep_announce_sites (struct dm_site_announce *sa, size_t mapnum,
			     void **hostaddrs, const unsigned short *kinds,
			     const void *fn);
void dm_deep_announce_done (struct dm_site_announce *sa);
/* Announce the deep items and marks of the hoisting record HS
   (hoistcheck.h) for its call, unless this thread or the call's sites
   announced items already; after dm_deep_sites (SA's state), done by
   dm_deep_sites_done too.  */
void dm_deep_announce_hoist (struct dm_site_announce *sa,
			     const struct deepmap_hoist_site *hs,
			     void **hostaddrs);

/* Announce the registered sites of the construct with map kinds KINDS
   (or, a target construct, outlined function FN), unless this thread
   announced its items already (deepmap_annotate).  A program without
   registered sites pays one load.  */
static inline void
dm_deep_sites (struct dm_site_announce *sa, size_t mapnum, void **hostaddrs,
	       const unsigned short *kinds, const void *fn)
{
  sa->used = 0;
  if (__builtin_expect (__atomic_load_n (&dm_sites_constructs,
					 __ATOMIC_RELAXED) != 0, 0))
    dm_deep_announce_sites (sa, mapnum, hostaddrs, kinds, fn);
}

/* The call is over: forget what dm_deep_sites announced, if nothing
   took it.  */
static inline void
dm_deep_sites_done (struct dm_site_announce *sa)
{
  if (__builtin_expect (sa->used, 0))
    dm_deep_announce_done (sa);
}

/* Take this thread's annotations and expand the list of construct C.  */
void dm_deep_expand_annotated (struct dm_device *dev, enum dm_construct c,
			       size_t mapnum, void **hostaddrs, size_t *sizes,
			       unsigned short *kinds,
			       struct dm_deep_list *out);

/* The list of construct C on DEV (NULL: the host), expanded if this
   thread announced deep items; otherwise OUT just refers to the caller's
   arrays (the common case, inline).  */
static inline void
dm_deep_expand (struct dm_device *dev, enum dm_construct c, size_t mapnum,
		void **hostaddrs, size_t *sizes, unsigned short *kinds,
		struct dm_deep_list *out)
{
  if (__builtin_expect (dm_deep_npending != 0, 0))
    {
      dm_deep_expand_annotated (dev, c, mapnum, hostaddrs, sizes, kinds,
				out);
      return;
    }
  dm_deep_list_init (out, mapnum, hostaddrs, sizes, kinds);
}

/* After mapping: give the caller back its (possibly rewritten, for
   use_device_ptr) addresses and free the expansion.  */
void dm_deep_done_expanded (struct dm_deep_list *l, void **hostaddrs);

static inline void
dm_deep_done (struct dm_deep_list *l, void **hostaddrs)
{
  if (__builtin_expect (l->storage != NULL || l->own_kinds != NULL, 0))
    dm_deep_done_expanded (l, hostaddrs);
}

struct deepmap_type;
struct deepmap_field;
struct dm_device;


/* Check mode (DEEPMAP_CHECK, deepcheck.c).  A new record for a
   construct's expansion.  */
void *dm_deep_check_new (void);

/* The expansion of construct C passes field FD of the object at OBJ of
   type T, whose pointer at SLOT holds VALUE with COUNT elements: record
   it in CHECK, or for exit data check it against (and drop) the record
   of the enter data that mapped it.  */
void dm_deep_check_field (void *check, enum dm_construct c,
			  const struct deepmap_type *t,
			  const struct deepmap_field *fd, uintptr_t obj,
			  uintptr_t slot, uintptr_t value, size_t count);

/* Verify that the host pointer fields recorded in CHECK still hold what
   they held when mapped, and their counts, then free it; NAME is the
   construct.  */
void dm_deep_check_run (void *check, const char *name, int device);
static inline void
dm_deep_check (void *check, const char *name, int device)
{
  /* Only under DEEPMAP_CHECK: no call otherwise.  */
  if (__builtin_expect (check != NULL, 0))
    dm_deep_check_run (check, name, device);
}

/* After construct NAME attached its pointers on DEV: the device copy of
   every pointer field recorded in CHECK holds the device address of its
   target (or NULL), never a host address.  */
void dm_deep_check_device_records (void *check, struct dm_device *dev,
				   const char *name);

static inline void
dm_deep_check_device (void *check, struct dm_device *dev, const char *name)
{
  if (__builtin_expect (check != NULL, 0))
    dm_deep_check_device_records (check, dev, name);
}

/* Check mode: keep the record of an enter data construct until the
   matching exit data.  */
void dm_deep_keep_check_record (void *check);

static inline void
dm_deep_keep_check (void *check)
{
  if (__builtin_expect (check != NULL, 0))
    dm_deep_keep_check_record (check);
}

#endif
