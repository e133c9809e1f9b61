/* maptable.h -- the mapping table: host address intervals ordered by start
   address, O(log n) lookup.  Each device has two: its mappings (the
   "original tuples" of the directory paper, split into segments of equal
   reference count) and its blocks (the "fused tuples").  It is a two-level sorted array: a top array
   of chunk minima over chunks of up to 64 sorted keys.  Compared with a
   binary tree, a lookup touches a handful of cache lines instead of one
   per level, which decides the cost of mapping when 100 000 objects are
   live.  The table holds the
   "original tuples" of the directory paper (what clauses mapped); each
   points to the device block ("fused tuple") that backs it, so that range
   fusion can grow blocks without changing this structure.  Callers hold the
   device lock.  */
#ifndef DM_MAPTABLE_H
#define DM_MAPTABLE_H

#include <stddef.h>
#include <stdint.h>

#include "engine/blockmarks.h"

#define DM_REFCOUNT_INFINITE UINT64_MAX

struct dm_mapping;

/* One device allocation that a deep copy construct's new objects are
   carved from, one after another (the batch strategy): they are
   adjacent on the device, so that one transfer each way moves them all,
   whatever their sizes.  Its memory goes back when the last of its
   blocks is released; until then a released block's bytes stay unused
   (nothing carves from it after its construct).  */
struct dm_slab
{
  uintptr_t addr;			/* what the pool handed out */
  size_t size;
  uintptr_t next;			/* where the next block goes */
  size_t live;				/* blocks carved and not released */
};

/* What a deep structure's record (map/replay.h) shares with the
   segments it pins: while USERS constructs replay it, its segments and
   pointers stay as if each held a reference; what would have gone
   meanwhile is left for the last of them (DEFERRED).  */
struct dm_replay_pin
{
  unsigned users;			/* constructs replaying it now */
  unsigned deferred;			/* a release or detach waits */
  size_t npinned;			/* segments pointing here */
  int dead;				/* no longer replayed: freed once
					   no segment points here */
  int kernel;				/* a target region replayed it: what
					   it pins may be newer on the
					   device (DM_MAPPING_DEEP_KERNEL) */
  uintptr_t *later;			/* detaches left to the last replayer */
  size_t nlater, caplater;
  /* Called by the directory when a segment lets go of the pin: the
     record's owner (replay.c) frees it if nothing holds it any more.  */
  void (*unpinned) (struct dm_replay_pin *);
};

/* The attachment state of one pointer slot of a block.  Kept in pages of
   DM_ATTACH_PAGE slots (fewer for a small block), a page allocated when
   one of its slots is first attached: a block of large pointer-free
   arrays costs no host memory per slot.  */
#define DM_ATTACH_PAGE 256
struct dm_attach_slot
{
  uintptr_t bias;			/* where the attachment looked */
  uint32_t count;			/* attachments */
  unsigned char skew;			/* offset from the aligned word
					   (packed structures) */
  unsigned char deep;			/* deep copy attached it: a value
					   the device stores comes back
					   (dm_attach_back) */
  unsigned char begin;			/* an end pointer: the begin pointer
					   of its array lies this many bytes
					   before it (0: none) */
  unsigned char keep : 1;		/* where its target is not mapped,
					   the device copy keeps the host
					   value (deep copy's empty arrays) */
  unsigned char unset : 1;		/* attached while the host pointer
					   was NULL (a Fortran descriptor
					   of an array not yet allocated) */
};

/* A device allocation mirroring one contiguous host range: the directory
   paper's "fused tuple".  Every mapping (segment) of the range uses it,
   so that device(p + i) == device(p) + i across the whole block.  */
struct dm_block
{
  uintptr_t host_start, host_end;	/* host range the block mirrors */
  uintptr_t dev_start;			/* device address of HOST_START */
  uintptr_t alloc_addr;			/* what the pool handed out */
  size_t alloc_size;			/* what was asked of the pool */
  unsigned nmappings;			/* mappings that use the block */
  unsigned owned;			/* nonzero: free ALLOC on release */
  unsigned fixed;			/* never moved (not ours, or declare
					   target): fusion may not grow it */
  unsigned pins;			/* running regions that use it: it
					   must not move until they end */
  unsigned held;			/* device addresses the program holds
					   (use_device_ptr/addr of a live
					   construct): it does not move */
  unsigned orphaned;			/* released while HELD: recycled
					   when the last such pin goes */
  unsigned handed;			/* a device address in it was given
					   to the program (use_device_ptr or
					   use_device_addr): it
					   does not move while mapped, not
					   even to fuse with a block beside
					   it (SOLLVE V&V 5.0's
					   use_device_addr test) */
  struct dm_attach_slot **attach;	/* per page of pointer slots (NULL:
					   none attached there), or NULL */
  uint64_t *attach_live;		/* bit per slot: its count is not 0
					   (scans skip large pointer-free
					   stretches a word at a time); in
					   ATTACH's allocation */
  uint64_t cover_stamp;			/* last dm_cover that collected it */
  struct dm_slab *slab;			/* the construct's allocation it was
					   carved from (deep copy's batch:
					   map/directory.h), or NULL */
  struct dm_mapping *index;		/* its entry in the block index */
  struct dm_block *next;		/* free list link */
  struct dm_block_async async[2];	/* queued work that may still
					   write it (engine/async.h) */
};

enum dm_mapping_flags
{
  DM_MAPPING_DECLARE_TARGET = 1,	/* a declare-target variable */
  DM_MAPPING_ASSOCIATED = 2,		/* omp_target_associate_ptr */
  DM_MAPPING_DEEP = 4,			/* deep copy took a reference: its
					   removal or split moves the
					   device's deep epoch (replay.h) */
  DM_MAPPING_OWN_LAST = 8,		/* the last reference taken was the
					   program's own (not deep copy's):
					   deep copy's release leaves it
					   where the program's item has
					   copied it back already */
  DM_MAPPING_DEEP_KERNEL = 16,		/* a target region reached it
					   through deep copy: its device
					   copy may be newer than the host's
					   (a program's own map then finds
					   it present, as deep copy says) */
  DM_MAPPING_DEEP_BORN = 32		/* deep copy made it (not the
					   program's own map) */
};

struct dm_mapping
{
  uintptr_t host_start, host_end;	/* [start, end); may be empty */
  struct dm_block *block;
  uint64_t refcount;			/* OpenMP 5.1 reference count */
  uint64_t deep_refs;			/* of which taken by items that deep
					   copy added, not the program */
  unsigned flags;
  unsigned construct_mark;		/* last construct that counted it */
  unsigned born_mark;			/* the construct that created it */
  unsigned deep_mark;			/* last construct whose deep copy
					   took a reference (DM_MAPPING_
					   DEEP_KERNEL: a region reached it
					   then) */
  struct dm_replay_pin *pin;		/* the record that pins it, or NULL */
  struct dm_mapping *group_next;	/* ring of the segments sharing this
					   count (a structure's elements
					   mapped together), or NULL */
  struct dm_mapping *free_next;		/* free list link */
};

#define DM_MAPTABLE_CHUNK 64

struct dm_maptable_chunk
{
  unsigned n;
  uintptr_t start[DM_MAPTABLE_CHUNK];	/* host_start of each entry */
  struct dm_mapping *m[DM_MAPTABLE_CHUNK];
};

struct dm_maptable
{
  struct dm_maptable_chunk **chunk;	/* in key order */
  uintptr_t *min;			/* min[c] == chunk[c]->start[0] */
  size_t nchunks, capacity;
  size_t count;
  struct dm_maptable_chunk *spare;	/* one emptied chunk kept for reuse:
					   a table that empties and refills
					   costs no malloc */
  /* The entry found or placed last (FINGER_OK): deep copy and fusions
     look objects up in address order, up or down, so the next answer
     is mostly that entry or a neighbour, found without a search.  */
  size_t finger_c;
  unsigned finger_i;
  int finger_ok;
};

/* Device address of host address HOST inside mapping M.  */
static inline uintptr_t
dm_mapping_dev (const struct dm_mapping *m, uintptr_t host)
{
  return m->block->dev_start + (host - m->block->host_start);
}

/* A place in the table, valid until the table changes.  I == -1 with
   C == 0 is the place before the first entry.  */
struct dm_maptable_pos
{
  size_t c;
  int i;
};

/* The mapping with the greatest (host_start, host_end) whose host_start is
   <= ADDR, or NULL; *POS (if given) is its place.  */
struct dm_mapping *dm_maptable_floor_pos (const struct dm_maptable *t,
					  uintptr_t addr,
					  struct dm_maptable_pos *pos);

/* The entry at *POS, or NULL before the first.  */
static inline struct dm_mapping *
dm_maptable_at (const struct dm_maptable *t, const struct dm_maptable_pos *pos)
{
  return pos->i < 0 ? NULL : t->chunk[pos->c]->m[pos->i];
}

/* The entry after *POS (advancing *POS), or NULL.  */
struct dm_mapping *dm_maptable_step (const struct dm_maptable *t,
				     struct dm_maptable_pos *pos);

/* The entry before *POS (moving *POS back), or NULL.  */
struct dm_mapping *dm_maptable_step_back (const struct dm_maptable *t,
					  struct dm_maptable_pos *pos);

/* Insert M, whose host_start is greater than that of the entry at *HINT
   (from dm_maptable_floor_pos (M->host_start) with no change since);
   saves the search.  */
void dm_maptable_insert_at (struct dm_maptable *t, struct dm_mapping *m,
			    const struct dm_maptable_pos *hint);

/* As dm_maptable_floor_pos without the place.  */
struct dm_mapping *dm_maptable_floor (const struct dm_maptable *t,
				      uintptr_t addr);


/* The first entry, or NULL.  */
struct dm_mapping *dm_maptable_first (const struct dm_maptable *t);

void dm_maptable_insert (struct dm_maptable *t, struct dm_mapping *m);
void dm_maptable_remove (struct dm_maptable *t, struct dm_mapping *m);

/* Remove M; HINT is where M was found (checked, so it may be stale).  */
void dm_maptable_remove_at (struct dm_maptable *t, struct dm_mapping *m,
			    const struct dm_maptable_pos *hint);

#endif
