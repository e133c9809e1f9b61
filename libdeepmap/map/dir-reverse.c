/* dir-reverse.c -- device address to host address.  A target region may
   store into a pointer that deep copy attached the device address of
   another mapped object (it relinks a list, sets a NULL pointer); the
   copy back gives the host the host address of the same byte
   (dm_attach_back).  The index is every segment's device range, sorted,
   built when first asked after the directory changed; each answer is
   checked against the directory itself, so a stale index is rebuilt,
   never believed.  */
#include <stddef.h>
#include <stdlib.h>

#include "map/devmap.h"
#include "map/dir-internal.h"
#include "support/sort.h"

struct dm_reverse_range
{
  uintptr_t dev, len, host;
};

struct dm_reverse
{
  struct dm_reverse_range *r;
  size_t n, cap;
  unsigned table_generation, layout_generation;
  int built;
};

/* Index every non-empty segment of DEV.  Returns 0 when out of memory
   (the caller then knows no answer).  */
static int
dm_reverse_build (struct dm_device *dev, struct dm_reverse *rv)
{
  struct dm_maptable *t = &dev->map->table;
  rv->n = 0;
  rv->built = 0;
  if (t->count > rv->cap)
    {
      size_t cap = t->count + t->count / 2 + 16;
      struct dm_reverse_range *r = realloc (rv->r, cap * sizeof *r);
      if (!r)
	return 0;
      rv->r = r;
      rv->cap = cap;
    }
  struct dm_maptable_pos pos;
  struct dm_mapping *m = dm_maptable_first (t);
  if (m)
    dm_maptable_floor_pos (t, m->host_start, &pos);
  for (; m; m = dm_maptable_step (t, &pos))
    if (m->host_end > m->host_start && rv->n < rv->cap)
      rv->r[rv->n++] = (struct dm_reverse_range) {
	dm_mapping_dev (m, m->host_start), m->host_end - m->host_start,
	m->host_start };
  dm_sort (rv->r, rv->n, sizeof *rv->r,
	   offsetof (struct dm_reverse_range, dev));
  rv->table_generation = dev->map->table_generation;
  rv->layout_generation = dev->map->layout_generation;
  rv->built = 1;
  return 1;
}

/* The host address the index gives device address D, or 0.  */
static uintptr_t
dm_reverse_find (const struct dm_reverse *rv, uintptr_t d)
{
  size_t lo = dm_count_upto (rv->r, rv->n, sizeof *rv->r,
			     offsetof (struct dm_reverse_range, dev), d);
  if (lo == 0)
    return 0;
  const struct dm_reverse_range *r = &rv->r[lo - 1];
  return d - r->dev < r->len ? r->host + (d - r->dev) : 0;
}

/* Is host H mapped now, at device address D?  */
static int
dm_reverse_holds (struct dm_device *dev, uintptr_t h, uintptr_t d)
{
  struct dm_mapping *m = dm_maptable_floor (&dev->map->table, h);
  return m && h < m->host_end && dm_mapping_dev (m, h) == d;
}

int
dm_dir_untranslate (struct dm_device *dev, uintptr_t d, uintptr_t *host)
{
  struct dm_reverse *rv = dev->map->reverse;
  if (!rv && !(rv = dev->map->reverse = calloc (1, sizeof *rv)))
    return 0;
  int fresh = 0;
  if (!rv->built || rv->table_generation != dev->map->table_generation
      || rv->layout_generation != dev->map->layout_generation)
    {
      if (!dm_reverse_build (dev, rv))
	return 0;
      fresh = 1;
    }
  for (;;)
    {
      uintptr_t h = dm_reverse_find (rv, d);
      if (h && dm_reverse_holds (dev, h, d))
	{
	  *host = h;
	  return 1;
	}
      /* An answer the directory denies: a segment changed in place (a
	 generation missed it); once more from the directory as it is.  */
      if (!h || fresh || !dm_reverse_build (dev, rv))
	return 0;
      fresh = 1;
    }
}
