/* sort.h -- sorting records by an address they hold, for arrays that
   usually come nearly in order: deep copy lists its objects in the order
   it reached them, which for lists and trees built by one allocator is
   address order, ascending or descending, with perhaps a few out of
   place (a list's head allocated apart; device blocks reused from a LIFO
   pool).  One pass counts the ascents and descents: an array mostly
   descending is reversed, and one with a few descents left is finished
   by insertion; only other orders (a tree's pointer slots) pay for a
   full sort, a radix sort, linear in the length.  Equal elements end in
   any order.  */
#ifndef DM_SORT_H
#define DM_SORT_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Up to this many descents (after reversing, ascents) the array is
   finished by insertion.  */
#define DM_SORT_FEW 8

/* support/sort.c: BASE (N elements of SIZE bytes) sorted by the address
   at byte KEY of each, in any order.  */
void dm_radix_sort (void *base, size_t n, size_t size, size_t key);

/* The order of the addresses at byte KEY of A and B.  */
static inline int
dm_sort_order (const char *a, const char *b, size_t key)
{
  uintptr_t x, y;
  memcpy (&x, a + key, sizeof x);
  memcpy (&y, b + key, sizeof y);
  return x < y ? -1 : x > y;
}

/* Sort BASE (N elements of SIZE bytes) by the address at byte KEY of
   each.  */
static inline void
dm_sort (void *base, size_t n, size_t size, size_t key)
{
  char *a = base;
  char tmp[64];
  size_t up = 0, down = 0;
  for (size_t i = 1; i < n; i++)
    {
      int c = dm_sort_order (a + (i - 1) * size, a + i * size, key);
      up += c < 0;
      down += c > 0;
    }
  if (down == 0)
    return;
  if (size > sizeof tmp || (down > DM_SORT_FEW && up > DM_SORT_FEW))
    {
      dm_radix_sort (base, n, size, key);
      return;
    }
  if (down > DM_SORT_FEW)
    /* Mostly descending: reversed, it is mostly ascending.  */
    for (size_t lo = 0, hi = n - 1; lo < hi; lo++, hi--)
      {
	memcpy (tmp, a + lo * size, size);
	memcpy (a + lo * size, a + hi * size, size);
	memcpy (a + hi * size, tmp, size);
      }
  /* Insertion: each element out of place finds its place in the sorted
     prefix by binary search and the elements after it move up at once.
     Few descents can still mean many elements to move (two long runs):
     past a budget of element moves, the radix sort finishes.  */
  size_t moved = 0;
  for (size_t i = 1; i < n; i++)
    {
      if (dm_sort_order (a + (i - 1) * size, a + i * size, key) <= 0)
	continue;
      size_t lo = 0, hi = i - 1;	/* a[hi] > a[i]: the place is <= hi */
      while (lo < hi)
	{
	  size_t mid = lo + (hi - lo) / 2;
	  if (dm_sort_order (a + mid * size, a + i * size, key) > 0)
	    hi = mid;
	  else
	    lo = mid + 1;
	}
      moved += i - lo;
      if (moved > 8 * n + 1024)
	{
	  dm_radix_sort (base, n, size, key);
	  return;
	}
      memcpy (tmp, a + i * size, size);
      memmove (a + (lo + 1) * size, a + lo * size, (i - lo) * size);
      memcpy (a + lo * size, tmp, size);
    }
}

/* In the array BASE of N elements of SIZE bytes sorted by the address
   at byte KEY of each, the number whose address is <= A (the index of
   the first above A).  */
static inline size_t
dm_count_upto (const void *base, size_t n, size_t size, size_t key,
	       uintptr_t a)
{
  const char *p = base;
  size_t lo = 0, hi = n;
  while (lo < hi)
    {
      size_t mid = lo + (hi - lo) / 2;
      uintptr_t k;
      memcpy (&k, p + mid * size + key, sizeof k);
      if (k <= a)
	lo = mid + 1;
      else
	hi = mid;
    }
  return lo;
}

#endif
