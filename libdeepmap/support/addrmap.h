/* addrmap.h -- an open hash from addresses to words, for the runtime's
   small side tables keyed by a pointer slot (what a copy back set, what
   deep copy attached before a region changed it).  Key 0 is empty: no
   slot lives at address 0.  Linear probing; removal shifts the run back,
   so no tombstones.  The caller locks.  */
#ifndef DM_ADDRMAP_H
#define DM_ADDRMAP_H

#include <stdint.h>
#include <stdlib.h>

#include "support/addrhash.h"

struct dm_addrmap
{
  uintptr_t *key, *value;
  size_t n, mask;
};

static inline size_t
dm_addrmap_place (const struct dm_addrmap *m, uintptr_t k)
{
  size_t i = dm_addr_hash (k, 3, m->mask);
  while (m->key[i] && m->key[i] != k)
    i = (i + 1) & m->mask;
  return i;
}

/* The word stored for K into *V: 1, or 0 if none.  */
static inline int
dm_addrmap_get (const struct dm_addrmap *m, uintptr_t k, uintptr_t *v)
{
  if (m->n == 0)
    return 0;
  size_t i = dm_addrmap_place (m, k);
  if (m->key[i] != k)
    return 0;
  *v = m->value[i];
  return 1;
}

/* Store V for K (replacing what was): 0, or -1 out of memory.  */
static inline int
dm_addrmap_put (struct dm_addrmap *m, uintptr_t k, uintptr_t v)
{
  if (!m->key || 2 * (m->n + 1) > m->mask + 1)
    {
      size_t cap = m->key ? 2 * (m->mask + 1) : 64;
      struct dm_addrmap g = { calloc (cap, sizeof (uintptr_t)),
			      calloc (cap, sizeof (uintptr_t)), m->n,
			      cap - 1 };
      if (!g.key || !g.value)
	{
	  free (g.key);
	  free (g.value);
	  return -1;
	}
      for (size_t i = 0; m->key && i <= m->mask; i++)
	if (m->key[i])
	  {
	    size_t j = dm_addrmap_place (&g, m->key[i]);
	    g.key[j] = m->key[i];
	    g.value[j] = m->value[i];
	  }
      free (m->key);
      free (m->value);
      *m = g;
    }
  size_t i = dm_addrmap_place (m, k);
  m->n += !m->key[i];
  m->key[i] = k;
  m->value[i] = v;
  return 0;
}

/* Forget K, if there.  */
static inline void
dm_addrmap_del (struct dm_addrmap *m, uintptr_t k)
{
  if (m->n == 0)
    return;
  size_t i = dm_addrmap_place (m, k);
  if (m->key[i] != k)
    return;
  m->n--;
  /* Move back every later key of the run that may live at I now.  */
  for (size_t j = (i + 1) & m->mask; m->key[j]; j = (j + 1) & m->mask)
    {
      size_t home = dm_addr_hash (m->key[j], 3, m->mask);
      /* Does J's key's probe path pass through I?  */
      if (((j - home) & m->mask) >= ((j - i) & m->mask))
	{
	  m->key[i] = m->key[j];
	  m->value[i] = m->value[j];
	  i = j;
	}
    }
  m->key[i] = 0;
}

#endif
