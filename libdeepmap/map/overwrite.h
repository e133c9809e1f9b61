/* overwrite.h -- what the plugin proves of a target region's use of a
   list item (include/deepmap.h):

   - DEEPMAP_MARK_OVERWRITTEN: the region stores to every byte before it
     reads any; the item is mapped as map(from:) (to as alloc, tofrom as
     from): nothing is copied in;
   - DEEPMAP_MARK_READ_ONLY: the region never stores to it; a tofrom item
     is mapped as map(to:): nothing is copied back.

   Either holds of what the region does through the item itself, so the
   runtime acts on it only once it has checked that nothing else the
   construct maps reaches the item's bytes: a region reaching them
   through another list item (a second pointer into the array, a
   zero-length section, an attachment) might read what was not copied
   in, or write what would not be copied back.  Then the item is mapped
   as written.  */
#ifndef DM_OVERWRITE_H
#define DM_OVERWRITE_H

#include <stddef.h>
#include <stdint.h>

/* What an entry of a construct's list lets its region reach of a host
   range: none of it, some of its bytes (an attachment: through the
   pointer it attaches), or unknown (a pointer or structure entry, whose
   targets are not followed).  */
enum dm_reach { DM_REACH_NONE, DM_REACH_BYTES, DM_REACH_UNKNOWN };

/* ... for the entry of map kind KIND at host ADDR, SIZE bytes (0: a
   zero-length section, which reaches a range it points into or just
   past), and the range [A, A + S).  */
enum dm_reach dm_entry_reach (unsigned short kind, const void *addr,
			      size_t size, uintptr_t a, size_t s);

/* Item I of the list of N entries (ADDRS, SIZES, KINDS) is announced
   with MARK (a DEEPMAP_MARK_* value): clear its copy in or back (in
   KINDS, which the caller owns) where that is safe.  Returns 1 if it
   did.  */
int dm_mark_apply (size_t n, void **addrs, const size_t *sizes,
		   unsigned short *kinds, size_t i, unsigned mark);

#endif
