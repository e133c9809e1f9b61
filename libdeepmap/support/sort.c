/* sort.c -- the radix sort behind dm_sort (sort.h).  */
#define _GNU_SOURCE
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "support/sort.h"

struct dm_keyed
{
  uintptr_t key;
  size_t at;
};

/* qsort_r's order of the addresses at byte *KEY (where memory for the
   radix sort's tables runs out).  */
static int
dm_key_cmp (const void *a, const void *b, void *key)
{
  return dm_sort_order (a, b, *(const size_t *) key);
}

void
dm_radix_sort (void *base, size_t n, size_t size, size_t key)
{
  struct dm_keyed *from = malloc (2 * n * sizeof *from);
  char *out = malloc (n * size);
  if (!from || !out)
    {
      free (from);
      free (out);
      qsort_r (base, n, size, dm_key_cmp, &key);
      return;
    }
  struct dm_keyed *to = from + n;
  char *a = base;
  uintptr_t any = 0, all = UINTPTR_MAX;
  for (size_t i = 0; i < n; i++)
    {
      memcpy (&from[i].key, a + i * size + key, sizeof from[i].key);
      from[i].at = i;
      any |= from[i].key;
      all &= from[i].key;
    }
  /* One stable counting pass per digit in which the keys differ: the
     high bits of addresses mostly agree, and those of one heap's
     objects differ in three bytes or four.  */
  uintptr_t differ = any ^ all;
  enum { BITS = 8, DIGITS = 1 << BITS };
  for (unsigned shift = 0; shift < 8 * sizeof (uintptr_t); shift += BITS)
    {
      if (!((differ >> shift) & (DIGITS - 1)))
	continue;
      size_t count[DIGITS + 1];
      memset (count, 0, sizeof count);
      for (size_t i = 0; i < n; i++)
	count[((from[i].key >> shift) & (DIGITS - 1)) + 1]++;
      for (unsigned b = 1; b <= DIGITS; b++)
	count[b] += count[b - 1];
      for (size_t i = 0; i < n; i++)
	to[count[(from[i].key >> shift) & (DIGITS - 1)]++] = from[i];
      struct dm_keyed *t = from;
      from = to;
      to = t;
    }
  for (size_t i = 0; i < n; i++)
    memcpy (out + i * size, a + from[i].at * size, size);
  memcpy (base, out, n * size);
  free (from < to ? from : to);
  free (out);
}
