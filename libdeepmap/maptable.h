/* maptable.h -- the mapping table: host address intervals ordered by start
   address in a balanced (AVL) tree, O(log n) lookup.  The table holds the
   "original tuples" of the directory paper (what clauses mapped); each
   points to the device block ("fused tuple") that backs it, so that range
   fusion can grow blocks without changing this structure.  Callers hold the
   device lock.  */
#ifndef DM_MAPTABLE_H
#define DM_MAPTABLE_H

#include <stddef.h>
#include <stdint.h>

#define DM_REFCOUNT_INFINITE UINT64_MAX

/* A device allocation backing one or more mappings (several for the
   members of one mapped struct).  */
struct dm_block
{
  uintptr_t host_start, host_end;	/* host range the block mirrors */
  uintptr_t dev_start;			/* device address of HOST_START */
  uintptr_t alloc_addr;			/* what the pool handed out */
  size_t alloc_size;			/* what was asked of the pool */
  unsigned nmappings;			/* mappings that use the block */
  unsigned owned;			/* nonzero: free ALLOC on release */
  struct dm_block *next;		/* free list link */
};

enum dm_mapping_flags
{
  DM_MAPPING_DECLARE_TARGET = 1,	/* a declare-target variable */
  DM_MAPPING_ASSOCIATED = 2		/* omp_target_associate_ptr */
};

struct dm_mapping
{
  uintptr_t host_start, host_end;	/* [start, end); may be empty */
  struct dm_block *block;
  uint64_t refcount;			/* OpenMP 5.1 reference count */
  unsigned flags;
  unsigned construct_mark;		/* last construct that counted it */
  uint32_t *attach_counts;		/* per pointer slot, or NULL */

  /* AVL links: private to maptable.c.  */
  struct dm_mapping *left, *right, *parent;
  int height;
};

struct dm_maptable
{
  struct dm_mapping *root;
  size_t count;
};

/* Device address of host address HOST inside mapping M.  */
static inline uintptr_t
dm_mapping_dev (const struct dm_mapping *m, uintptr_t host)
{
  return m->block->dev_start + (host - m->block->host_start);
}

/* The mapping with the greatest (host_start, host_end) whose host_start is
   <= ADDR, or NULL.  */
struct dm_mapping *dm_maptable_floor (const struct dm_maptable *t,
				      uintptr_t addr);

/* The first mapping whose host_start is >= ADDR, or NULL.  */
struct dm_mapping *dm_maptable_ceil (const struct dm_maptable *t,
				     uintptr_t addr);

/* In-order neighbours.  */
struct dm_mapping *dm_maptable_next (const struct dm_mapping *m);
struct dm_mapping *dm_maptable_prev (const struct dm_mapping *m);
struct dm_mapping *dm_maptable_first (const struct dm_maptable *t);

void dm_maptable_insert (struct dm_maptable *t, struct dm_mapping *m);
void dm_maptable_remove (struct dm_maptable *t, struct dm_mapping *m);

#endif
