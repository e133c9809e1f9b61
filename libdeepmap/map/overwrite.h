/* overwrite.h -- list items that a target region stores to in full before
   it reads them (DEEPMAP_MARK_OVERWRITTEN, include/deepmap.h): the plugin
   proves it of the region's code; the runtime maps such an item as
   map(from:) (to as alloc, tofrom as from: nothing is copied in), once it
   has checked that nothing else the construct maps reaches the item's
   bytes.  A region reaching them through another list item (a second
   pointer into the array, a zero-length section, an attachment) might
   read what was not copied: then the item is copied in as written.  */
#ifndef DM_OVERWRITE_H
#define DM_OVERWRITE_H

#include <stddef.h>

/* Item I of the list of N entries (ADDRS, SIZES, KINDS) is announced as
   overwritten: clear its copy in (in KINDS, which the caller owns) where
   that is safe.  Returns 1 if it did.  */
int dm_overwrite_apply (size_t n, void **addrs, const size_t *sizes,
			unsigned short *kinds, size_t i);

#endif
