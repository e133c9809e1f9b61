/* overwrite.c -- items a region overwrites before reading them, or only
   reads (see overwrite.h).  */
#include <stdint.h>

#include "deepmap.h"
#include "map/overwrite.h"
#include "support/ompabi.h"

enum dm_reach
dm_entry_reach (unsigned short k, const void *addr, size_t size, uintptr_t a,
		size_t s)
{
  int kind = dm_plain_kind (k);
  /* Firstprivate copies are host bytes in the argument block.  */
  if (kind == DM_MAP_FIRSTPRIVATE || kind == DM_MAP_FIRSTPRIVATE_INT)
    return DM_REACH_NONE;
  /* An attachment hands the region what the host pointer in its slot
     points to (SIZE is the bias added to find that, for a pointer one
     past an array's end).  */
  if (kind == DM_MAP_ATTACH || kind == DM_MAP_DETACH
      || kind == DM_MAP_ATTACH_ZERO_LENGTH_ARRAY_SECTION)
    {
      uintptr_t p = addr ? *(const uintptr_t *) addr : 0, q = p + size;
      return (p && ((a <= p && p <= a + s) || (a <= q && q < a + s))
	      ? DM_REACH_BYTES : DM_REACH_NONE);
    }
  int data = !(kind & DM_MAP_FLAG_SPECIAL) || kind == DM_MAP_DELETE
	     || kind == DM_MAP_RELEASE || kind == DM_MAP_FORCE_PRESENT
	     || kind == DM_MAP_IF_PRESENT
	     || kind == DM_MAP_ZERO_LEN_ARRAY_SECTION
	     || kind == DM_MAP_DELETE_ZERO_LEN_ARRAY_SECTION;
  /* Pointers and structures: what they reach is not followed here.  */
  if (!data)
    return DM_REACH_UNKNOWN;
  uintptr_t b = (uintptr_t) addr;
  if (!b)
    return DM_REACH_NONE;
  /* A zero-length section is a pointer the region may move from, even
     one past the end of the range.  */
  if (size == 0)
    return a <= b && b <= a + s ? DM_REACH_BYTES : DM_REACH_NONE;
  return b < a + s && a < b + size ? DM_REACH_BYTES : DM_REACH_NONE;
}

int
dm_mark_apply (size_t n, void **addrs, const size_t *sizes,
	       unsigned short *kinds, size_t i, unsigned mark)
{
  int kind = dm_plain_kind (kinds[i]);
  uintptr_t a = (uintptr_t) addrs[i];
  size_t s = sizes[i];
  int overwritten = mark == DEEPMAP_MARK_OVERWRITTEN;
  if (!(overwritten ? kind == DM_MAP_TO || kind == DM_MAP_TOFROM
	: kind == DM_MAP_TOFROM) || !a || !s)
    return 0;
  for (size_t j = 0; j < n; j++)
    if (j != i && dm_entry_reach (kinds[j], addrs[j], sizes[j], a, s)
		  != DM_REACH_NONE)
      return 0;
  kinds[i] &= (unsigned short) ~(overwritten ? DM_MAP_FLAG_TO
				 : DM_MAP_FLAG_FROM);
  return 1;
}
