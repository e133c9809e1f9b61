/* hostmem.h -- what the host's own memory allows.  */
#ifndef DM_HOSTMEM_H
#define DM_HOSTMEM_H

#include <stddef.h>
#include <stdint.h>

/* Does [ADDR, ADDR + SIZE) overlap a read-only segment of a loaded
   object (string literals, constant tables, relocated read-only data)?
   A copy back there would fault.  Asked by every copy back: heap,
   stack and anonymous memory answer at once (dm_host_outside_objects),
   the rest looks in the segment list, read again after a dlopen.  */
int dm_host_read_only (uintptr_t addr, size_t size);

/* The same in two steps, for many questions at one time: the segments
   of the objects loaded now (NULL: none known), then whether [ADDR,
   ADDR + SIZE) overlaps one of them (a binary search).  */
struct dm_ro_snap;
const struct dm_ro_snap *dm_host_read_only_now (void);
int dm_ro_snap_has (const struct dm_ro_snap *s, uintptr_t addr,
		    size_t size);

/* Is [ADDR, ADDR + SIZE) known to lie outside every loaded object
   (heap, stack, anonymous mappings), so that it cannot be read-only in
   the sense above?  A lock-free lookup of both ends, for ranges of at
   most a page; 0 when it cannot tell.  Lets the common copy back skip
   the segment list, whose freshness check takes the loader's lock.  */
int dm_host_outside_objects (uintptr_t addr, size_t size);

/* Is [ADDR, ADDR + SIZE) readable memory of the process (one mapping or
   mappings that touch)?  A lookup in a cached list of the mappings, read
   again on a miss: cheap for memory seen before, a read of
   /proc/self/maps for a new mapping or an address that is none.  */
int dm_host_readable (uintptr_t addr, size_t size);

/* Is [ADDR, ADDR + SIZE) memory of the process that a copy can read?
   For the bytes a copy reads or writes on the host: a pointer that
   points nowhere (a garbage value, memory unmapped since) gets an error
   instead of a fault inside the runtime.  The heap answers at once,
   elsewhere dm_host_readable (a snapshot of the mappings, read again for
   a mapping made since).  Memory unmapped after the snapshot was taken
   may still answer yes.  */
int dm_host_mapped_slow (uintptr_t addr, size_t size);

/* The main heap as far as it was seen to reach: [floor, top).  */
extern uintptr_t dm_heap_floor, dm_heap_top_seen;

static inline int
dm_host_mapped (uintptr_t addr, size_t size)
{
  uintptr_t top = __atomic_load_n (&dm_heap_top_seen, __ATOMIC_RELAXED);
  uintptr_t floor = __atomic_load_n (&dm_heap_floor, __ATOMIC_RELAXED);
  if (__builtin_expect (addr >= floor && addr + size <= top
			&& addr + size >= addr, 1))
    return 1;
  return dm_host_mapped_slow (addr, size);
}

#endif
