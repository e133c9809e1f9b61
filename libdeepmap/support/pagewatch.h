/* pagewatch.h -- whether memory was written since a moment, without
   reading it: its pages are made read-only, the first store faults, and
   the fault handler marks the range written and gives the pages their
   access back.  For the strict mode's scan of device memory
   (map/strict.c): a range nobody wrote since its last scan need not be
   read again.

   Only for memory the runtime owns (the emulated device's), written by
   plain stores: a system call that writes into a watched page (read(2)
   into it) would fail with EFAULT instead.  Memory given back to the
   system, or zeroed by madvise, must be reported (dm_watch_gone): no
   store tells it.  */
#ifndef DM_PAGEWATCH_H
#define DM_PAGEWATCH_H

#include <stdint.h>

struct dm_watch;

/* Watch the whole pages inside [LO, HI).  NULL when there are none.  The
   range counts as written until dm_watch_arm.  */
struct dm_watch *dm_watch_new (uintptr_t lo, uintptr_t hi);

/* Clear the written mark and write-protect the pages (again): 0, or -1
   when they cannot be (the range then counts as written).  Memory read
   after this returns is what a later "not written" answer vouches for.  */
int dm_watch_arm (struct dm_watch *w);

/* Were the pages written since the last dm_watch_arm (or may they have
   been)?  */
int dm_watch_written (const struct dm_watch *w);

/* The watched pages: [*LO, *HI).  */
void dm_watch_pages (const struct dm_watch *w, uintptr_t *lo, uintptr_t *hi);

/* Stop watching: the pages get write access back.  */
void dm_watch_free (struct dm_watch *w);

/* [LO, HI) is about to be unmapped or zeroed without a store: watches
   over it count as written from now on.  */
void dm_watch_gone (uintptr_t lo, uintptr_t hi);

#endif
