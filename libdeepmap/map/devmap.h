/* devmap.h -- the mapping layer's per-device state: the directory's
   tables and what numbers their changes.  Each struct dm_device points to
   its own (DEV->map, engine/devstate.h); the device lock guards it.  */
#ifndef DM_DEVMAP_H
#define DM_DEVMAP_H

#include <pthread.h>
#include <stdint.h>

#include "map/maptable.h"
#include "support/addrmap.h"

struct dm_replay_table;		/* map/replay.h */
struct dm_env;			/* map/mapping.h */

struct dm_device_map
{
  pthread_cond_t unpinned;	/* a block's last pin went (directory.c) */
  struct dm_maptable table;	/* mappings (segments) */
  struct dm_maptable blocks;	/* device blocks, by host range */
  unsigned construct_mark;	/* numbers constructs: count once each */
  unsigned layout_generation;	/* bumped when blocks move (fusion) */
  unsigned table_generation;	/* bumped when segments come or go */
  uint64_t deep_epoch;		/* bumped when what deep copy mapped
				   goes, splits or loses a pointer
				   (map/replay.h) */
  struct dm_replay_table *replays;	/* records of deep items */
  struct dm_env *active;		/* target and target data constructs
					   between their mapping and their
					   end (mapping.c) */
  uint64_t cover_stamp;		/* numbers dm_cover's collections */
  size_t nassociated;		/* omp_target_associate_ptr entries made
				   and not disassociated (at least: a
				   filter, see dm_dir_associated_in) */
  struct dm_mapping *free_mappings;	/* recycled nodes (via ->free_next) */
  struct dm_block *free_blocks;		/* recycled blocks (via ->next) */
  /* Recycled attachment tables of one-page blocks, by slot count (each
     links the next through its first word): deep copy attaches a
     pointer of every small object it maps, and gives the table back at
     the end of the construct (directory.c).  */
#define DM_ATTACH_RECYCLE_SLOTS DM_ATTACH_PAGE
#define DM_ATTACH_RECYCLE_BYTES ((size_t) 8 << 20)
  void *attach_free[DM_ATTACH_RECYCLE_SLOTS + 1];
  size_t attach_free_bytes;		/* what they hold, at most
					   DM_ATTACH_RECYCLE_BYTES */
  char *scratch;			/* staging of batched deep copies,
					   kept between constructs */
  size_t scratch_size;
  struct dm_reverse *reverse;		/* device to host addresses
					   (dir-reverse.c), or NULL */
  /* Deep copy's attached pointers whose host value a copy back changed
     while they stayed attached: slot -> the host value attached
     (dir-back.c).  */
  struct dm_addrmap attached_was;
  /* Copies in that an enter data left for later (mapping.c, "deferred
     copies in"): host ranges, present, whose device bytes are not the
     host's yet.  */
  struct dm_pending_in
  {
    uintptr_t host;
    size_t size;
  } *pending;
  size_t npending, pending_cap;
};

#endif
