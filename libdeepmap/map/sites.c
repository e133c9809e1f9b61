/* sites.c -- the registry of deep-item sites (see sites.h).  */
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>

#include "map/sites.h"
#include "support/addrhash.h"
#include "support/error.h"
#include "support/export.h"

/* One construct: its sites are FIRST[0..N-1], all with the same kinds.  */
struct dm_site_group
{
  const void *kinds;
  const struct deepmap_site *first;
  size_t n;
};

/* Open addressing on the kinds address; a table twice the size of what
   it holds.  Registration is rare (program start, dlopen), lookups are
   per construct, from any thread: readers share the lock.  */
static pthread_rwlock_t dm_sites_lock = PTHREAD_RWLOCK_INITIALIZER;
static struct dm_site_group *dm_sites_table;

/* Let go of the lock (held for writing) and stop with an error.  */
static void __attribute__ ((noreturn, format (printf, 1, 2)))
dm_sites_fatal (const char *fmt, ...)
{
  char msg[300];
  va_list ap;
  va_start (ap, fmt);
  vsnprintf (msg, sizeof msg, fmt, ap);
  va_end (ap);
  pthread_rwlock_unlock (&dm_sites_lock);
  dm_fatal ("%s", msg);
}
static size_t dm_sites_cap;
size_t dm_sites_constructs;

static size_t
dm_sites_hash (const void *kinds, size_t cap)
{
  /* Map-kind arrays are arrays of shorts.  */
  return dm_addr_hash ((uintptr_t) kinds, 1, cap - 1);
}

/* The slot of KINDS, or the empty slot where it would go.  */
static struct dm_site_group *
dm_sites_slot (struct dm_site_group *table, size_t cap, const void *kinds)
{
  size_t h = dm_sites_hash (kinds, cap);
  while (table[h].kinds && table[h].kinds != kinds)
    h = (h + 1) & (cap - 1);
  return &table[h];
}

static int
dm_sites_same (const struct dm_site_group *a, const struct dm_site_group *b)
{
  if (a->n != b->n)
    return 0;
  for (size_t i = 0; i < a->n; i++)
    if (a->first[i].index != b->first[i].index
	|| a->first[i].type != b->first[i].type)
      return 0;
  return 1;
}

/* Put G in the table; the caller holds the lock and made room.  */
static void
dm_sites_put (struct dm_site_group *g)
{
  struct dm_site_group *s = dm_sites_slot (dm_sites_table, dm_sites_cap,
					   g->kinds);
  if (!s->kinds)
    {
      *s = *g;
      __atomic_store_n (&dm_sites_constructs, dm_sites_constructs + 1,
			__ATOMIC_RELEASE);
      return;
    }
  /* Two descriptions of one construct: the same unit registered twice
     is harmless, anything else would deep-copy by a guess.  */
  if (!dm_sites_same (s, g))
    dm_sites_fatal ("deep copy: two registered descriptions of the "
		    "construct with map kinds at %p differ (objects built by "
		    "different versions of the plugin?)", g->kinds);
}

/* Room for ADD more constructs.  */
static void
dm_sites_reserve (size_t add)
{
  size_t need = 2 * (dm_sites_constructs + add);
  if (need <= dm_sites_cap)
    return;
  size_t cap = dm_sites_cap ? dm_sites_cap : 64;
  while (cap < need)
    cap *= 2;
  struct dm_site_group *table = calloc (cap, sizeof *table);
  if (!table)
    dm_sites_fatal ("deep copy: out of host memory for %zu registered "
		    "constructs", dm_sites_constructs + add);
  for (size_t i = 0; i < dm_sites_cap; i++)
    if (dm_sites_table[i].kinds)
      *dm_sites_slot (table, cap, dm_sites_table[i].kinds)
	= dm_sites_table[i];
  free (dm_sites_table);
  dm_sites_table = table;
  dm_sites_cap = cap;
}

DM_EXPORT void
deepmap_register_sites (const struct deepmap_site *sites, size_t n)
{
  if (!sites || !n)
    return;
  pthread_rwlock_wrlock (&dm_sites_lock);
  size_t groups = 1;
  for (size_t i = 1; i < n; i++)
    groups += sites[i].kinds != sites[i - 1].kinds;
  dm_sites_reserve (groups);
  for (size_t i = 0; i < n;)
    {
      struct dm_site_group g = { sites[i].kinds, &sites[i], 0 };
      while (i < n && sites[i].kinds == g.kinds)
	g.n++, i++;
      if (g.kinds)
	dm_sites_put (&g);
    }
  pthread_rwlock_unlock (&dm_sites_lock);
}

DM_EXPORT void
deepmap_unregister_sites (const struct deepmap_site *sites, size_t n)
{
  if (!sites || !n)
    return;
  pthread_rwlock_wrlock (&dm_sites_lock);
  /* Rebuild without the groups that point into SITES: open addressing
     has no simple removal, and this happens once per unloaded object.  */
  size_t cap = dm_sites_cap, kept = 0;
  struct dm_site_group *old = dm_sites_table;
  struct dm_site_group *table = cap ? calloc (cap, sizeof *table) : NULL;
  if (cap && !table)
    dm_sites_fatal ("deep copy: out of host memory unregistering "
		    "constructs");
  for (size_t i = 0; i < cap; i++)
    if (old[i].kinds
	&& !(old[i].first >= sites && old[i].first < sites + n))
      {
	*dm_sites_slot (table, cap, old[i].kinds) = old[i];
	kept++;
      }
  dm_sites_table = table;
  free (old);
  __atomic_store_n (&dm_sites_constructs, kept, __ATOMIC_RELEASE);
  pthread_rwlock_unlock (&dm_sites_lock);
}

size_t
dm_sites_find (const void *kinds, size_t mapnum, void **hostaddrs,
	       struct deepmap_annotation *out, size_t *index, size_t cap)
{
  size_t n = 0;
  pthread_rwlock_rdlock (&dm_sites_lock);
  if (dm_sites_cap && kinds)
    {
      struct dm_site_group *g = dm_sites_slot (dm_sites_table, dm_sites_cap,
					       kinds);
      for (size_t i = 0; g->kinds && i < g->n; i++)
	if (g->first[i].index < mapnum)
	  {
	    if (n < cap)
	      {
		out[n] = (struct deepmap_annotation) {
		  hostaddrs[g->first[i].index], g->first[i].type };
		index[n] = g->first[i].index;
	      }
	    n++;
	  }
    }
  pthread_rwlock_unlock (&dm_sites_lock);
  return n;
}
