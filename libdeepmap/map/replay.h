/* replay.h -- re-entering a deep structure that is wholly present and
   unchanged costs no walk of it.

   A loop of target regions over a structure that an enclosing enter data
   or target data holds maps, in each region, every object the structure
   reaches: a walk of the host structure and a directory lookup per
   object and per pointer, O(N log n) for what changes nothing.  After a
   construct has expanded and mapped a deep item in full, with another
   holder, the object ranges and pointer slots it reached are recorded
   with the device's deep epoch, which moves whenever a segment deep copy
   mapped is removed or split or a pointer is detached for good, and the
   record pins the segments (struct dm_replay_pin).  The other holder
   must stay: no record is made while another thread's target or target
   data construct is mapped (mapping.c), whose references go when it
   ends.  A later target or
   target data construct of the same item (address and type) on that
   device, while the epoch is unchanged, skips the expansion and counts
   itself a user of the record: O(1).  While a record has users its
   pinned segments behave as if each user held a deep reference of its
   own (dm_seg_replayed: not released, not removed, their pointers not
   detached); what another thread's exit data would have done meanwhile
   is done by the last user's end: copy-back (when its map type copies
   back), the detaches, the removal.  So the results are those of the
   full path, in which the construct's own references keep everything
   until its end.

   Deep copy assumes mapped structures keep their pointers (README,
   DEEPMAP_CHECK): while the structure stays mapped the recorded objects
   are exactly what a walk would find.  DEEPMAP_CHECK turns replay off,
   so the check sees every pointer; DEEPMAP_DEEP_REPLAY=0 does too.  */
#ifndef DM_REPLAY_H
#define DM_REPLAY_H

#include <stddef.h>
#include <stdint.h>

struct dm_device;
struct dm_ctx;
struct deepmap_type;
struct dm_replay;

/* Under DEV's lock.  If item HOST of type T has a valid record on DEV,
   make the construct a user of it and return it (until dm_replay_end),
   else NULL.  */
struct dm_replay *dm_replay_begin (struct dm_device *dev, uintptr_t host,
				   const struct deepmap_type *t);

/* Under the lock, right after dm_replay_begin: the construct does not
   use R after all.  */
void dm_replay_cancel (struct dm_replay *r);

/* What R shares with the segments it pins.  */
struct dm_replay_pin *dm_replay_pin_of (struct dm_replay *r);

/* Does an object R records overlap [A, A + S)?  */
int dm_replay_reaches (const struct dm_replay *r, uintptr_t a, size_t s);

/* Under the lock: the construct stops using R.  The last user carries
   out what was left to it; COPY_FROM: the item's map type copies back
   (objects whose count reached zero meanwhile are copied back, as the
   full path's end would).  Before the item's own leaving.  */
void dm_replay_end (struct dm_ctx *ctx, struct dm_replay *r, int copy_from);

/* Under the lock, after a construct mapped the deep item HOST of type T
   in full: OBJS[0..NOBJ) are the object ranges (host start, end pairs),
   SLOTS[0..NSLOT) the attached pointer slots.  Records them if every
   object lies in one segment and every segment and slot has at least
   MIN_COUNT references (2 for a target or target data construct: one
   besides its own; 1 for enter data, which is the holder).  */
void dm_replay_record (struct dm_device *dev, uintptr_t host,
		       const struct deepmap_type *t, const uintptr_t *objs,
		       size_t nobj, void *const *slots, size_t nslot,
		       uint64_t min_count);

/* The same from a construct's expanded list: items FIRST..N of ADDRS,
   SIZES, KINDS are deep copy's (objects, then attach entries).  */
void dm_replay_record_list (struct dm_device *dev, uintptr_t host,
			    const struct deepmap_type *t, size_t n,
			    void **addrs, const size_t *sizes,
			    const unsigned short *kinds, size_t first,
			    uint64_t min_count);

/* The device goes away or forks: drop every record.  */
void dm_replay_forget_all (struct dm_device *dev);

#endif
