/* hoistcheck.c -- DEEPMAP_CHECK: the host bytes of a hoisted section are
   not changed by the host while the device holds it (hoistcheck.h).  */
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "map/hoistcheck.h"
#include "support/config.h"
#include "support/error.h"

struct dm_hoist_rec
{
  const void *host;
  size_t size;
  uint64_t sum;
  const char *name, *where;
};

static pthread_mutex_t dm_hoist_lock = PTHREAD_MUTEX_INITIALIZER;
static struct dm_hoist_rec *dm_hoist_recs;
static size_t dm_hoist_n, dm_hoist_cap;

/* FNV-1a over 8-byte words, then the tail bytes.  */
static uint64_t
dm_hoist_sum (const void *host, size_t size)
{
  const unsigned char *p = host;
  uint64_t h = 14695981039346656037ull;
  size_t i = 0;
  for (; i + 8 <= size; i += 8)
    {
      uint64_t w;
      memcpy (&w, p + i, 8);
      h = (h ^ w) * 1099511628211ull;
    }
  for (; i < size; i++)
    h = (h ^ p[i]) * 1099511628211ull;
  return h;
}

/* The latest record of HOST[0:SIZE] (loops nest, calls recurse), or
   NULL.  Called with the lock held.  */
static struct dm_hoist_rec *
dm_hoist_find (const void *host, size_t size)
{
  for (size_t i = dm_hoist_n; i-- > 0;)
    if (dm_hoist_recs[i].host == host && dm_hoist_recs[i].size == size)
      return &dm_hoist_recs[i];
  return NULL;
}

/* Remember HOST[0:SIZE], NAME, kept across the region at WHERE.  */
static void
dm_hoist_remember (const void *host, size_t size, const char *name,
		   const char *where)
{
  pthread_mutex_lock (&dm_hoist_lock);
  if (dm_hoist_n == dm_hoist_cap)
    {
      size_t cap = dm_hoist_cap ? 2 * dm_hoist_cap : 16;
      void *p = realloc (dm_hoist_recs, cap * sizeof *dm_hoist_recs);
      if (!p)
	dm_fatal_unlock (&dm_hoist_lock, "out of memory for the records of "
			 "hoisted sections (DEEPMAP_CHECK)");
      dm_hoist_recs = p;
      dm_hoist_cap = cap;
    }
  struct dm_hoist_rec *r = &dm_hoist_recs[dm_hoist_n++];
  r->host = host;
  r->size = size;
  r->sum = dm_hoist_sum (host, size);
  r->name = name ? name : "?";
  r->where = where ? where : "?";
  pthread_mutex_unlock (&dm_hoist_lock);
}

/* HOST[0:SIZE] leaves the device: check it (unless CURRENT, its host
   bytes changed on purpose) and forget it.  */
static void
dm_hoist_leave (const void *host, size_t size, int current)
{
  pthread_mutex_lock (&dm_hoist_lock);
  struct dm_hoist_rec *r = dm_hoist_find (host, size);
  if (!r)
    {
      pthread_mutex_unlock (&dm_hoist_lock);
      return;
    }
  if (!current && r->sum != dm_hoist_sum (host, size))
    dm_fatal_unlock (&dm_hoist_lock, "'%s' (%zu bytes at host %p), kept on "
		     "the device across the loop or constructs at %s, was "
		     "changed by the host while the device held it; the "
		     "plugin's hoisting missed a host access (DEEPMAP_CHECK; "
		     "build with -fplugin-arg-deepmap-no-hoist or put "
		     "#pragma deepmap nohoist before the loop)", r->name,
		     size, host, r->where);
  *r = dm_hoist_recs[--dm_hoist_n];
  pthread_mutex_unlock (&dm_hoist_lock);
}

/* The host bytes of LO[0:SIZE] changed on purpose (a target update):
   take the checksum of every section it overlaps again, or, FORGET,
   stop checking them.  */
static void
dm_hoist_resync (const void *lo, size_t size, int forget)
{
  uintptr_t a = (uintptr_t) lo, b = a + size;
  pthread_mutex_lock (&dm_hoist_lock);
  for (size_t i = dm_hoist_n; i-- > 0;)
    {
      struct dm_hoist_rec *r = &dm_hoist_recs[i];
      uintptr_t ra = (uintptr_t) r->host;
      if (ra >= b || ra + r->size <= a)
	continue;
      if (forget)
	*r = dm_hoist_recs[--dm_hoist_n];
      else
	r->sum = dm_hoist_sum (r->host, r->size);
    }
  pthread_mutex_unlock (&dm_hoist_lock);
}

void
dm_hoist_check (const struct deepmap_hoist_site *hs, void **hostaddrs,
		const size_t *sizes, int forget)
{
  if (!dm_config.check)
    return;
  for (size_t i = 0; i < hs->n; i++)
    {
      const struct deepmap_hoist_entry *e = dm_hoist_entry (hs, i);
      if (!hostaddrs[i] || !sizes[i])
	continue;
      switch (hs->op)
	{
	case DEEPMAP_HOIST_ENTER:
	  dm_hoist_remember (hostaddrs[i], sizes[i], e->name, hs->where);
	  break;
	case DEEPMAP_HOIST_EXIT:
	  dm_hoist_leave (hostaddrs[i], sizes[i],
			  (e->flags & DEEPMAP_HOIST_HOST_CURRENT) != 0);
	  break;
	case DEEPMAP_HOIST_UPDATE:
	  dm_hoist_resync (hostaddrs[i], sizes[i], forget);
	  break;
	}
    }
}

void
dm_hoist_check_host_changed (const void *host, size_t size)
{
  if (dm_config.check)
    dm_hoist_resync (host, size, 0);
}
