/* addrhash.h -- the one hash of addresses for the runtime's open tables
   (the pool's large blocks, the emulated device's allocations, deep
   copy's visited set and check records).  */
#ifndef DM_ADDRHASH_H
#define DM_ADDRHASH_H

#include <stddef.h>
#include <stdint.h>

/* A bucket in [0, MASK] for ADDR, whose low ALIGN_BITS bits carry no
   information (3 for pointer-aligned objects, 12 for page-aligned
   blocks): Fibonacci hashing of the rest, its well-mixed high bits.  */
static inline size_t
dm_addr_hash (uintptr_t addr, unsigned align_bits, size_t mask)
{
  return (size_t) (((uint64_t) (addr >> align_bits)
		    * 0x9e3779b97f4a7c15ull) >> 20) & mask;
}

#endif
