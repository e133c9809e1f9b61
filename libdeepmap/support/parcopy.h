/* parcopy.h -- memcpy spread over a few helper threads, for copies into
   and out of pinned staging buffers: one thread's memcpy (about 10 GB/s)
   is what limits a staged copy from pageable memory, far under a PCIe
   5 link (55 GB/s pinned on an H200); and other work cut into parts
   (the report's hashes).

   DEEPMAP_COPY_THREADS: threads per copy, the caller included (default:
   a quarter of the processors, at most 4; 1: plain memcpy).  Copies
   under DM_PARCOPY_MIN_PART twice run on the caller alone.  */
#ifndef DM_PARCOPY_H
#define DM_PARCOPY_H

#include <stddef.h>

#define DM_PARCOPY_MIN_PART ((size_t) 256 << 10)

/* memcpy (DST, SRC, LEN), the regions not overlapping; copies run one at
   a time.  */
void dm_parcopy (void *dst, const void *src, size_t len);

/* FN (CTX, I) for I from 0 to NPARTS - 1, on the caller and the helpers,
   in any order; returns once all are done.  -1 (nothing run) when there
   are no helpers or fewer than two parts: the caller does it itself.
   FN must not call this again.  */
int dm_parallel_parts (size_t nparts, void (*fn) (void *ctx, size_t part),
		       void *ctx);

#endif
