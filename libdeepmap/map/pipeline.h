/* pipeline.h -- pipelined loops (Cui et al.): a loop's chunks of
   iterations stream their rows of the pipelined arrays through a ring of
   device slots, one device queue per slot, copies of later and earlier
   chunks overlapping the regions of the current one.

   Slots live outside the directory: chunks of one array overlap (halos),
   and the directory would fuse them into one growing block.  Instead,
   while a chunk runs, a construct's list item whose host address lies in
   a pipelined array is translated into the chunk's slot
   (dm_pipe_translate), so that device(A + i) == slot + (i - first row)
   for every row of the chunk; nothing is mapped, counted or copied for
   it.  A pipeline belongs to the thread that began it.  */
#ifndef DM_PIPELINE_H
#define DM_PIPELINE_H

#include <stddef.h>
#include <stdint.h>

#include "support/export.h"

struct dm_device;
struct dm_pipe;
struct deepmap_pipe_array;

/* The pipeline this thread runs, or NULL.  */
extern DM_TLS struct dm_pipe *dm_pipe_current;

/* Start one (see deepmap_pipeline_begin in deepmap.h); errors are fatal
   with a clear message.  */
struct dm_pipe *dm_pipe_begin (struct dm_device *dev, long lo, long hi,
			       long step, long chunk, int streams,
			       unsigned long long mem_limit, size_t narrays,
			       const struct deepmap_pipe_array *arrays);

/* Iteration K starts (deepmap_pipeline_iter).  */
void dm_pipe_iter (struct dm_pipe *p, long k);

/* Does iteration K start a chunk (dm_pipe_iter then moves data)?  */
int dm_pipe_moves (const struct dm_pipe *p, long k);

/* The device P runs on.  */
struct dm_device *dm_pipe_device (const struct dm_pipe *p);

/* The loop is over: copy back, wait, free (deepmap_pipeline_end).  */
void dm_pipe_end (struct dm_pipe *p);

/* Device address of host H when it lies in an array DEV's pipeline of
   this thread holds in a slot now; 0 otherwise.  SIZE > 0: H starts a
   section a region maps, an error unless it lies in the rows the
   current chunk holds or covers them all (a whole-array map).  */
uintptr_t dm_pipe_lookup (struct dm_device *dev, uintptr_t h, size_t size);

/* A region of the loop that runs on the host (if clause false): an error
   if it maps any byte of an array the pipeline holds.  */
void dm_pipe_check_host_region (size_t mapnum, void **hostaddrs,
				size_t *sizes, unsigned short *kinds);

static inline uintptr_t
dm_pipe_translate (struct dm_device *dev, uintptr_t h, size_t size)
{
  if (__builtin_expect (dm_pipe_current == NULL, 1))
    return 0;
  return dm_pipe_lookup (dev, h, size);
}

#endif
