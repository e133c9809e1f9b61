/* blockmarks.h -- what a device block remembers of the queued work that
   may still write it (async.h explains the protocol).  A leaf: the map
   layer's struct dm_block holds two of these, and the queues' code reads
   and writes them without knowing the rest of the block.  */
#ifndef DM_BLOCKMARKS_H
#define DM_BLOCKMARKS_H

#include <stdint.h>

struct dm_aq;

struct dm_block_async
{
  struct dm_aq *aq;		/* the queue, DM_AQ_MANY, or NULL */
  uint64_t step;		/* its step that wrote the block */
  unsigned region;		/* a region, not a copy */
};

#endif
