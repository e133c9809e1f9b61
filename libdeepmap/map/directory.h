/* directory.h -- the interval directory: which host bytes have a device
   copy, where, and for how long.

   After Jaeger, Carribault and Pérache's data-management directory: the
   mappings clauses ask for are entered as segments (maximal host
   intervals with one reference count), and every segment lives in a
   device block (fused tuple).  Mapping a section that overlaps, touches
   or contains existing device copies fuses their blocks into one that
   covers the union: holes are allocated, not transferred; existing device
   contents move along; pointers the runtime wrote into device memory
   (attachments) are rewritten.  So nested, adjacent, overlapping and
   aliased sections of one object share one coherent device copy, and
   each byte lives as long as some mapping references it.

   All functions run under the device lock and report errors with
   dm_fail.  */
#ifndef DM_DIRECTORY_H
#define DM_DIRECTORY_H

#include <stddef.h>
#include <stdint.h>

#include "engine/devstate.h"
#include "map/devmap.h"
#include "support/config.h"
#include "support/error.h"

struct dm_device;
struct dm_mapping;

/* Objects of deep copy larger than this are not batched: their copies
   go alone, straight from and to host memory, and they get blocks of
   their own (not carved from a slab).  */
#define DM_BATCH_MAX ((uintptr_t) 64 << 10)

/* What an error message needs, and the construct's number: a construct
   takes at most one reference on each byte (OpenMP 5.0 and later).  */
struct dm_ctx
{
  struct dm_device *dev;
  int construct;		/* enum dm_construct */
  const char *what;		/* for messages, if not the construct's
				   name (the end of one) */
  unsigned mark;
  struct dm_mapping *last;	/* dm_dir_enter: the one segment that holds
				   the section, when it is one (else NULL);
				   new when the section was not present */
  struct dm_plan *plan;		/* if set, copies to the device and pointer
				   attachments are planned, not done */
  void (*run_plan) (struct dm_ctx *);	/* carries PLAN out now: the
				   directory calls it before it lets go of
				   the lock while the construct enters its
				   items (dm_cover waits), since other
				   constructs find the planned objects
				   present meanwhile */
  struct dm_async *async;	/* a nowait construct: copies go onto its
				   queue (async.h); NULL: synchronous */
  int deep;			/* the item at hand was added by deep copy
				   (its references are counted apart, so
				   that the program's own maps of a pointee
				   keep their OpenMP meaning) */
  uint64_t deep_drop;		/* a deep item of a deleted parent drops
				   this many deep references (the parent's
				   count), not all */
  int item_syncs;			/* the item at hand copies in now or
				   back at its end (its references mark
				   segments OWN_LAST) */
  size_t slab_want;		/* deep copy's batch: bytes of the slab its
				   new objects are carved from, allocated
				   at the first (0: none, each object gets
				   a block of its own from the pool) */
  struct dm_slab *slab;		/* that slab once allocated */
  const struct dm_ro_snap *ro;	/* read-only host segments, taken at the
				   construct's first copy back
				   (dm_ctx_read_only) */
  int ro_taken;
  /* The segments the construct held when it last let go of the lock
     while entering its items (a fusion waiting for a running region):
     meanwhile other constructs may mark them as theirs, and a later item
     of this one must still find it holds them (one reference each).
     Segments split but never merge, so each one it holds lies inside
     one of these.  Freed by dm_dir_slab_done.  */
  struct dm_taken
  {
    uintptr_t s, e;
  } *taken;
  size_t ntaken, captaken;
};

/* Does host [S, S + N) overlap read-only memory (a constant, a string
   literal), whose copy back would fault?  One look at the loaded
   objects per construct.  */
int dm_ctx_read_only (struct dm_ctx *ctx, uintptr_t s, size_t n);

/* The deferred work of one construct.  */
struct dm_plan
{
  struct dm_plan_copy
  {
    uintptr_t s, e;		/* host range to copy in */
  } *copy;
  size_t ncopy, capcopy;
  struct dm_plan_patch
  {
    uintptr_t slot;		/* host address of the pointer */
    size_t bias;
    int allow_missing, section;
  } *patch;
  size_t npatch, cappatch;
  struct dm_plan_copy *back;	/* host ranges to copy back */
  size_t nback, capback;
};

/* Carry out the copies back of PLAN (BATCH: device-adjacent ranges in
   one transfer through a staging buffer); before detaching and reaping.
   CTX->plan must be NULL by then.  */
void dm_dir_plan_run_back (struct dm_ctx *ctx, struct dm_plan *plan,
			   enum dm_deep_strategy strategy);

/* The construct has entered its items: it carves no more from its slab
   (struct dm_ctx), which its blocks keep as long as they live, and
   needs no record of what it holds (struct dm_ctx's TAKEN).  */
void dm_dir_slab_release (struct dm_ctx *ctx);
static inline void
dm_dir_slab_done (struct dm_ctx *ctx)
{
  /* Most constructs have neither: no call.  */
  if (__builtin_expect (ctx->slab != NULL || ctx->taken != NULL, 0))
    dm_dir_slab_release (ctx);
  ctx->slab_want = 0;
}

/* Carry out PLAN with STRATEGY (CTX->plan must be NULL by then).  */
void dm_dir_plan_run (struct dm_ctx *ctx, struct dm_plan *plan,
		      enum dm_deep_strategy strategy);

void dm_fail (struct dm_ctx *ctx, const char *fmt, ...)
  __attribute__ ((noreturn, format (printf, 2, 3)));

/* A new construct number for DEV (never 0, which marks nothing).  */
static inline unsigned
dm_dir_next_mark (struct dm_device *dev)
{
  if (__builtin_expect (++dev->map->construct_mark == 0, 0))
    ++dev->map->construct_mark;
  return dev->map->construct_mark;
}

/* How present bytes of a section that also has new bytes are treated on
   entry: kept (OpenMP's present behaviour) or refreshed from the host
   (the paper's update_and_copy).  DEEPMAP_OVERLAP or
   deepmap_set_overlap_policy.  */
enum dm_overlap_policy
{
  DM_OVERLAP_KEEP,
  DM_OVERLAP_REFRESH
};
extern int dm_overlap_policy;

/* Enter host [S, E) (E > S) for construct CTX with map kind KIND (always
   and force forms included): fuse blocks, create segments for bytes not
   present (copied in when KIND copies to the device), take the
   construct's reference on every segment, copy present bytes again for
   always-to (and, under the refresh policy, for partially new sections).
   Returns the device address of S.  */
uintptr_t dm_dir_enter (struct dm_ctx *ctx, uintptr_t s, uintptr_t e,
			size_t align, int kind);

/* Make one block cover host [S, E) without entering segments (the whole
   extent of a mapped struct, so that its members share a layout).  */
void dm_dir_cover (struct dm_ctx *ctx, uintptr_t s, uintptr_t e,
		   size_t align);

/* For implicit maps (OpenMP 5.1): the extent of the present segments
   inside [S, E) if they are all inside it, else [S, E) itself; an
   object of at most DM_IMPLICIT_WHOLE_MAX bytes partly present stays
   [S, E) (mapped whole) where no block in it is immovable.  */
#define DM_IMPLICIT_WHOLE_MAX 4096
void dm_dir_implicit_extent (struct dm_device *dev, uintptr_t *s,
			     uintptr_t *e);

/* Zero-length section at P: the device address if P lies in a segment
   (taking the construct's reference on the segment), else 0;
   with CREATE, an empty mapping is made at P instead of 0.  */
uintptr_t dm_dir_enter_empty (struct dm_ctx *ctx, uintptr_t p, int create);

/* Leaving: drop the construct's reference on every segment of [S, E)
   (once per CTX->mark; DELETE sets counts to zero).  S == E: the empty
   mapping or segment at S.  */
void dm_dir_release (struct dm_ctx *ctx, uintptr_t s, uintptr_t e,
		     int delete);

/* Copy host [S, E)'s device bytes back where their count is zero (ALL:
   wherever present), skipping attached pointer slots.  */
void dm_dir_copy_back (struct dm_ctx *ctx, uintptr_t s, uintptr_t e,
		       int all);

/* Remove the segments of [S, E) whose count is zero; free blocks nothing
   uses any more.  */
void dm_dir_reap (struct dm_ctx *ctx, uintptr_t s, uintptr_t e);

/* The three above for one range that is all a construct leaves.  HINT:
   CTX->last of the entry, valid if the table's generation is still GEN
   (no segment added or removed since), which saves the search.  */
void dm_dir_leave (struct dm_ctx *ctx, uintptr_t s, uintptr_t e, int delete,
		   int copy_from, int always, struct dm_mapping *hint,
		   unsigned gen);

/* target update: copy the present parts of [S, E) to the device (TO) or
   back.  */
void dm_dir_update (struct dm_ctx *ctx, uintptr_t s, uintptr_t e, int to);

/* The first mapped part of host [S, E): its device address, and its
   host range [*LO, *HI), within one block; 0 when no byte of [S, E) is
   mapped.  */
uintptr_t dm_dir_translate_part (struct dm_device *dev, uintptr_t s,
				 uintptr_t e, uintptr_t *lo, uintptr_t *hi);

/* Device address of host P: in a segment (or, with ALLOW_END, one past
   a segment's end); 0 if not present.  */
uintptr_t dm_dir_translate (struct dm_device *dev, uintptr_t p,
			    int allow_end);

/* Unmap every mapping in host [S, E) that clauses made (not declare
   target variables or associations), without copying back: the host
   memory is going away (a library's static data at dlclose).  Returns
   the bytes that were still mapped.  */
size_t dm_dir_forget (struct dm_ctx *ctx, uintptr_t s, uintptr_t e);

/* Is any byte of [S, E) present?  */
int dm_dir_any_present (struct dm_device *dev, uintptr_t s, uintptr_t e);

/* Is any byte of [S, E) present by a construct before CTX's (what
   CTX's earlier items mapped does not count, as in libgomp, which looks
   every item up before it maps any)?  */
int dm_dir_any_present_before (struct dm_ctx *ctx, uintptr_t s,
			       uintptr_t e);

/* The N new segments SEGS (CTX->last of each dm_dir_enter) share one
   reference count from now on: elements of a structure mapped by one
   construct (OpenMP 5.0, 2.19.7.1), taken, dropped and removed as one.  */
void dm_dir_group (struct dm_mapping **segs, size_t n);

/* The segment at host P if this construct created it and holds its
   only reference (a member of a structure it maps), else NULL.  */
struct dm_mapping *dm_dir_born_here (struct dm_ctx *ctx, uintptr_t p);

/* Segment N (not in a group) joins M's structure group.  */
void dm_dir_group_add (struct dm_mapping *m, struct dm_mapping *n);

/* Is every byte of [S, E) present?  */
int dm_dir_present (struct dm_device *dev, uintptr_t s, uintptr_t e);

/* The greatest finite count of the program's own references (not deep
   copy's) of the segments [S, E) touches (0: none, or none present).  */
uint64_t dm_dir_own_count (struct dm_device *dev, uintptr_t s,
			   uintptr_t e);

/* Attach the pointer at host SLOT (inside a segment): its device copy
   gets the device address of what it points to (looked up at target +
   BIAS; not present: NULL if ALLOW_MISSING, else an error), counted per
   slot (ALLOW_MISSING DM_ATTACH_KEEP: the host value there).  Returns 0 if SLOT is not present (OpenMP then does nothing).
   SECTION_POINTER: GOMP_MAP_POINTER semantics (value minus BIAS points
   at the section, bias counted from the target).  BEGIN: the pointer
   ends an array whose begin pointer lies BEGIN bytes before it (deep
   copy's end pointers; 0: none), so that what a region stores into it
   comes back relative to that one (dm_attach_back).  */
#define DM_ATTACH_KEEP 2
int dm_dir_attach (struct dm_ctx *ctx, uintptr_t slot, size_t bias,
		   int allow_missing, int section_pointer, unsigned begin);

/* dm_dir_attach, and *DEV the device address of SLOT as
   dm_dir_translate (DEV, SLOT, 0) gives it, from one lookup (a
   construct's attach items tell both).  */
int dm_dir_attach_translate (struct dm_ctx *ctx, uintptr_t slot,
			     size_t bias, int allow_missing,
			     int section_pointer, unsigned begin,
			     uintptr_t *dev);

/* The pointer at host SLOT inside a Fortran array descriptor that a
   construct maps as [DESC_START, DESC_END) (GCC's TO_PSET item, followed
   by a POINTER or ALWAYS_POINTER item for each pointer in it; an empty
   range for an always_pointer item of another kind): attached as a
   section pointer (dm_dir_attach; ALLOW_MISSING as there) unless it is
   already; ALWAYS (always_pointer) then sends the descriptor again and
   sets the pointer to what its host value points to now.  Returns 0 if
   SLOT is not present.  */
int dm_dir_descriptor_pointer (struct dm_ctx *ctx, uintptr_t slot,
			       size_t bias, uintptr_t desc_start,
			       uintptr_t desc_end, int always,
			       int allow_missing);

/* Undo one attachment (all with FINALIZE); the last restores the host
   pointer value in the device copy if the bytes stay mapped.  Called
   after copy-back (attached slots are copied back only as dm_attach_back
   says) and before the bytes are reaped.  */
void dm_dir_detach (struct dm_ctx *ctx, uintptr_t slot, int finalize);

/* dir-reverse.c: the host address *HOST whose device copy is at device
   address D, in a segment of DEV (under its lock).  Returns 0 when D is
   in none.  */
int dm_dir_untranslate (struct dm_device *dev, uintptr_t d, uintptr_t *host);

/* DEEPMAP_CHECK: did a copy back set the host pointer at SLOT to VALUE
   (dm_attach_back)?  Then its change is the device's, not the host's.  */
int dm_dir_came_back (uintptr_t slot, uintptr_t value);

/* The host pointer at SLOT as deep copy attached it: HV, its value now,
   unless a copy back changed it while it stayed attached (a region
   relinked the structure, target update from brought it back), in which
   case what was attached, for the exit that ends the attachment (its
   count is 1; an enter since took the host's).  An exit data walks
   these, so that it releases what the enters took.  */
uintptr_t dm_dir_attached_target (struct dm_device *dev, uintptr_t slot,
				  uintptr_t hv);

/* Write VALUE into the device copy of the pointer at host SLOT, which
   must be present.  Returns the slot's device address.  */
uintptr_t dm_dir_write_pointer (struct dm_ctx *ctx, uintptr_t slot,
				uintptr_t value);

/* The block holding P must not move until dm_dir_unpin.  A running
   region's pin (DM_PIN_REGION) makes a fusion that needs the block wait
   for the region to end.  A device address handed to the program
   (DM_PIN_ADDRESS: use_device_ptr/addr) may be used by the very thread
   that maps next, so waiting could never end: the block is then treated
   like device memory the program provided: sections that only touch it
   get blocks of their own, and one that overlaps it and reaches beyond
   is an error.  DM_PIN_HANDED: so from now on while it is mapped (the
   program may keep the address it was given), with no dm_dir_unpin.
   Returns the block, or NULL if P is not present.  */
enum dm_pin_kind
{
  DM_PIN_REGION,
  DM_PIN_ADDRESS,
  DM_PIN_HANDED			/* for good: nothing unpins it */
};
struct dm_block;
struct dm_block *dm_dir_pin (struct dm_device *dev, uintptr_t p,
			     enum dm_pin_kind kind);
void dm_dir_unpin (struct dm_device *dev, struct dm_block *b,
		   enum dm_pin_kind kind);

/* In a forked child no region or construct of the parent's other threads
   runs: drop their pins, so that fusion does not wait for them.  */
void dm_dir_after_fork (struct dm_device *dev);

/* Permanent entries: device memory the program provides (associate) or a
   declare target variable (DEVADDR 0: allocate, fill with INITIAL).  */
int dm_dir_associate (struct dm_ctx *ctx, uintptr_t s, uintptr_t e,
		      uintptr_t devaddr);
/* Remove the permanent entry starting at S whose flags include FLAG
   (DM_MAPPING_ASSOCIATED or DM_MAPPING_DECLARE_TARGET); -1 if none.  */
int dm_dir_remove_permanent (struct dm_ctx *ctx, uintptr_t s, unsigned flag);
/* Does an omp_target_associate_ptr entry of DEV use device bytes in
   [D, D + SIZE)?  1 with the host address it associates.  Under the
   device lock.  */
int dm_dir_associated_in (struct dm_device *dev, uintptr_t d, size_t size,
			  uintptr_t *host);
void dm_dir_declare (struct dm_ctx *ctx, uintptr_t s, uintptr_t e,
		     uintptr_t devaddr, const void *initial);

#endif
