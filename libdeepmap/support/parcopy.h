/* parcopy.h -- memcpy spread over a few helper threads, for copies into
   and out of pinned staging buffers: one thread's memcpy (about 10 GB/s)
   is what limits a staged copy from pageable memory, far under a PCIe
   5 link (55 GB/s pinned on an H200).

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

#endif
