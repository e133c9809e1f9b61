/* mapping.h -- OpenMP 5.1 mapping semantics over the mapping table:
   what each construct does to reference counts, which bytes move, and the
   translated addresses a target region receives.  Device-independent: it
   reaches the device only through the pool and transfer.c.  */
#ifndef DM_MAPPING_H
#define DM_MAPPING_H

#include <pthread.h>
#include <stddef.h>
#include <stdint.h>

#include "support/construct.h"
#include "support/export.h"

struct dm_device;
struct dm_mapping;
struct dm_block;
struct dm_async;

/* One list item of a construct, as remembered until its end.  */
struct dm_env_item
{
  uintptr_t host;		/* host range the item holds */
  size_t size;
  unsigned char held;		/* the range holds the construct's reference */
  unsigned char copy_from;	/* copy back where the count reaches zero */
  unsigned char always_from;	/* copy back regardless */
  unsigned char attach;		/* HOST is a pointer slot to detach */
  unsigned char pin_address;	/* PINNED holds a use_device_ptr result */
  unsigned char deep;		/* added by deep copy (dm_deep_info) */
  struct dm_block *pinned;	/* block kept in place while a region runs,
				   or whose address the program holds */
  struct dm_mapping *seg;	/* the one segment holding it, if it was */
  unsigned seg_generation;	/* ... as of this table generation */
};

/* The record of a structured construct (target or target data).  */
struct dm_env
{
  struct dm_env *prev;		/* enclosing target data on this thread */
  struct dm_device *dev;	/* NULL: the construct ran on the host */
  int construct;		/* enum dm_construct: target or target data */
  uintptr_t block;		/* device block: address array + firstprivate */
  size_t block_size;
  uintptr_t args;		/* device address of the address array */
  void *deep;			/* deep copy check record (deepcopy.c) */
  int deep_expanded;		/* the list was expanded: plan copies back */
  struct dm_replay *replay;	/* its deep item was replayed (replay.h) */
  int replay_from;		/* ... with a map type that copies back */
  /* Between its mapping and its end, in its device's list of such
     constructs (struct dm_device_map's active), with its thread.  */
  struct dm_env *active_next, *active_prev;
  pthread_t thread;
  size_t n, capacity;
  struct dm_env_item items[];
};

/* Replay of a construct's one deep item (map/replay.h).  REPLAY: the
   item was replayed, the construct's end ends the replay (COPY_FROM: its
   map type copies back).  Otherwise RECORD_TYPE: record the item at
   RECORD_HOST once its expanded list is mapped.  */
struct dm_replay;
struct deepmap_type;
struct dm_deep_replay_info
{
  uintptr_t record_host;
  const struct deepmap_type *record_type;
  struct dm_replay *replay;
  int copy_from;
};

/* Deep copy's attach entry for an array's end pointer names, in the
   kind's alignment byte, how many bytes before it the array's begin
   pointer lies: DM_ATTACH_BEGIN | bytes (at most 127).  GCC's own
   entries carry a small log2 alignment there.  */
#define DM_ATTACH_BEGIN 0x80
static inline unsigned
dm_attach_begin (unsigned short kind)
{
  unsigned hi = kind >> 8;
  return hi & DM_ATTACH_BEGIN ? hi & 0x7f : 0;
}

/* What deep copy tells the mapping of a construct's list, passed down as
   an argument (as libgomp passes its coalesce buffer); NULL: the list is
   the program's alone.  */
struct dm_deep_info
{
  int planned;			/* the list was expanded: copies and pointer
				   patches are planned, then carried out with
				   the configured strategy (directory.h) */
  size_t from;			/* 1 + the index of the first item deep copy
				   added (the program's own come first); 0:
				   none.  Their references are counted apart
				   (directory.h, struct dm_ctx) */
  struct dm_deep_replay_info *replay;	/* or NULL */
  /* Items announced as overwritten (dm_deep_list's OVER): a target
     region's were checked and are not copied in; an enter data's may
     leave their copy in to the next construct (mapping.c).  */
  const size_t *over;
  size_t nover;
};

/* Take DEV's lock and begin replaying the deep item DEEP (entry of the
   construct's MAPNUM items; KERNEL: of a target region) of type T
   (replay.h); NULL when it has no valid record, or (*MIXED set) when
   another item of the construct maps bytes the record reaches: a
   pointee the program maps itself takes precedence, which the full
   path's references decide.  */
struct dm_replay *dm_map_replay_begin (struct dm_device *dev, int kernel,
				       size_t deep,
				       const struct deepmap_type *t,
				       size_t mapnum, void **hostaddrs,
				       const size_t *sizes,
				       const unsigned short *kinds,
				       int *mixed);

static inline int
dm_item_is_deep (const struct dm_deep_info *deep, size_t i)
{
  return deep && deep->from != 0 && i + 1 >= deep->from;
}

static inline size_t
dm_deep_first (const struct dm_deep_info *deep)
{
  return deep ? deep->from : 0;
}

/* The layout of a construct's firstprivate copies, shared by the device
   argument block, host fallback and nowait tasks: placed after START
   bytes, each at its own alignment.  Returns where they end; *ALIGN grows
   to the largest alignment they need.  */
size_t dm_firstprivate_size (size_t mapnum, void **hostaddrs,
			     const size_t *sizes, const unsigned short *kinds,
			     size_t start, size_t *align);

/* Copy them into BUF in that layout; OFFSETS[i] gets the offset of item
   I's copy (firstprivate items only).  */
void dm_firstprivate_pack (size_t mapnum, void **hostaddrs,
			   const size_t *sizes, const unsigned short *kinds,
			   char *buf, size_t start, size_t *offsets);

/* Map the list items of a target or target data construct (16-bit kinds)
   and return its record; for a target construct ENV->args is the device
   address of the translated address array.  USE_DEVICE items rewrite
   HOSTADDRS in place, as GCC's code expects.  The construct functions
   take A, the asynchronous construct whose queue their copies go onto
   (async.h), NULL for a synchronous one.  */
struct dm_env *dm_map_construct (struct dm_device *dev, enum dm_construct c,
				 size_t mapnum, void **hostaddrs,
				 size_t *sizes, unsigned short *kinds,
				 struct dm_async *a,
				 const struct dm_deep_info *deep);

/* In a forked child: forget the other threads' constructs (they never
   end there).  */
void dm_map_after_fork (struct dm_device *dev);

/* End the construct: detach, count down, copy back, free.  */
void dm_unmap_construct (struct dm_env *env, struct dm_async *a);

/* A record for a target data construct that runs on the host.  */
struct dm_env *dm_host_env (void);

/* target enter data / target exit data / target update.  */
void dm_enter_data (struct dm_device *dev, size_t mapnum, void **hostaddrs,
		    size_t *sizes, unsigned short *kinds, struct dm_async *a,
		    const struct dm_deep_info *deep);
void dm_exit_data (struct dm_device *dev, size_t mapnum, void **hostaddrs,
		   size_t *sizes, unsigned short *kinds, struct dm_async *a,
		   const struct dm_deep_info *deep);
void dm_update (struct dm_device *dev, size_t mapnum, void **hostaddrs,
		size_t *sizes, unsigned short *kinds, struct dm_async *a);

/* Make every copy in an enter data left for later (under DEV's lock):
   before anything reaches device memory other than through a
   construct's list.  */
void dm_pending_flush_all (struct dm_device *dev);

/* Translate a host address as OpenMP's device routines do: the mapping
   containing HOST (or an empty one at HOST, or one ending at HOST).
   Returns NULL when not present.  Takes the device lock.  */
void *dm_translate (struct dm_device *dev, const void *host);
/* The first mapped part of host [HOST, HOST + SIZE): its device address
   and host range [*LO, *HI) (dm_dir_translate_part); NULL if none.  */
void *dm_translate_part (struct dm_device *dev, const void *host,
			 size_t size, uintptr_t *lo, uintptr_t *hi);
/* The same for a tool or trace that reports the address (OMPT's
   target_map): no pending copy in is made, so that watching a program
   does not change what it moves.  */
void *dm_translate_to_report (struct dm_device *dev, const void *host);
/* Whether HOST is mapped on DEV (omp_target_is_present): as
   dm_translate, but the bytes are not asked for, so a pending copy in
   is not made.  */
int dm_is_present (struct dm_device *dev, const void *host);

/* omp_target_associate_ptr / omp_target_disassociate_ptr.  */
int dm_associate (struct dm_device *dev, const void *host, uintptr_t devaddr,
		  size_t size);
int dm_disassociate (struct dm_device *dev, const void *host);

/* Enter a declare-target variable for good: HOST is served by DEVADDR
   (in a loaded image), or with DEVADDR 0 by a new device copy holding
   INITIAL (SIZE bytes).  */
void dm_map_declare_target (struct dm_device *dev, uintptr_t host,
			    size_t size, uintptr_t devaddr,
			    const void *initial);
/* Its image is unregistered: forget the variable at HOST.  */
void dm_unmap_declare_target (struct dm_device *dev, uintptr_t host);

/* Host [S, E) is going away (dm_dir_forget); returns the bytes that
   were still mapped.  */
size_t dm_unmap_range (struct dm_device *dev, uintptr_t s, uintptr_t e);

#endif
