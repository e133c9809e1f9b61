/* strict.c -- DEEPMAP_EMU_STRICT (see strict.h): the emulated device runs regions in
   the host address space, so a host pointer left in device memory still
   reads the right data there, where a GPU would fault or read garbage.
   Before each synchronous region, the device copies of all mapped data
   are scanned for words that equal a host address inside a mapped object
   (the device should hold its device address instead).  Integers that
   happen to equal such an address are reported too: hence a mode of its
   own.  Objects on the stack of the thread that starts the region are not
   looked for: mapped stack arrays that are partly uninitialized hold old
   stack addresses often (GCC's libgomp tests target-1.c, target-2.c).  */
#define _GNU_SOURCE
#include <pthread.h>
#include <stdint.h>
#include <string.h>

#include "engine/devstate.h"
#include "map/directory.h"
#include "map/maptable.h"
#include "map/mapping.h"
#include "map/strict.h"
#include "support/error.h"
#include "support/wordscan.h"

/* Mapped data to scan: not the declare target variables, which live at
   their host addresses while an emulated region runs.  */
static inline int
dm_strict_scanned (const struct dm_mapping *m)
{
  return !(m->flags & DM_MAPPING_DECLARE_TARGET)
	 && m->host_end > m->host_start;
}

/* Mapped data whose host addresses the device must not hold: scanned
   data off this thread's stack [SS, SE).  */
static inline int
dm_strict_object (const struct dm_mapping *m, uintptr_t ss, uintptr_t se)
{
  return dm_strict_scanned (m) && (m->host_start < ss || m->host_start >= se);
}

static void
dm_strict_stack (uintptr_t *ss, uintptr_t *se)
{
  pthread_attr_t attr;
  void *addr;
  size_t size;
  *ss = *se = 0;
  if (pthread_getattr_np (pthread_self (), &attr) != 0)
    return;
  if (pthread_attr_getstack (&attr, &addr, &size) == 0)
    {
      *ss = (uintptr_t) addr;
      *se = *ss + size;
    }
  pthread_attr_destroy (&attr);
}

static void __attribute__ ((noreturn))
dm_strict_fail (struct dm_device *dev, const struct dm_mapping *m,
		uintptr_t h, uintptr_t w, const struct dm_mapping *o)
{
  const struct dm_block *b = m->block;
  uintptr_t want = dm_mapping_dev (o, w);
  pthread_mutex_unlock (&dev->lock);
  dm_fatal ("target on device %d (DEEPMAP_EMU_STRICT): the device copy of "
	    "host %p (offset %zu in the block of host [%p, %p)) holds %p, the "
	    "host address of byte %zu of mapped host [%p, %p): an "
	    "untranslated pointer a GPU could not follow (its device address "
	    "is %p; an integer equal to a host address, or uninitialised "
	    "heap memory holding an old one, is reported too: "
	    "MALLOC_PERTURB_=165 rules the latter out)",
	    dev->id, (void *) h, (size_t) (h - b->host_start),
	    (void *) b->host_start, (void *) b->host_end, (void *) w,
	    (size_t) (w - o->host_start), (void *) o->host_start,
	    (void *) o->host_end, (void *) want);
}

void
dm_strict_scan (struct dm_device *dev)
{
  const struct dm_maptable *t = &dev->map->table;
  uintptr_t ss, se;
  dm_strict_stack (&ss, &se);
  dm_device_lock (dev);
  /* Device bytes not copied in yet are not the program's.  */
  dm_pending_flush_all (dev);
  uintptr_t lo = UINTPTR_MAX, hi = 0;
  struct dm_maptable_pos pos = { 0, -1 };
  for (struct dm_mapping *m; (m = dm_maptable_step (t, &pos)) != NULL;)
    if (dm_strict_object (m, ss, se))
      {
	lo = m->host_start < lo ? m->host_start : lo;
	hi = m->host_end > hi ? m->host_end : hi;
      }
  pos = (struct dm_maptable_pos) { 0, -1 };
  for (struct dm_mapping *m; lo < hi && (m = dm_maptable_step (t, &pos));)
    {
      if (!dm_strict_scanned (m))
	continue;
      /* Pointers are aligned in host layout; packed structures' are not
	 scanned (DEEPMAP_CHECK checks the fields deep copy knows).  */
      uintptr_t h0 = (m->host_start + 7) & ~(uintptr_t) 7;
      if (h0 + sizeof (uintptr_t) > m->host_end)
	continue;
      size_t n = (m->host_end - h0) / sizeof (uintptr_t);
      const char *d0 = (const char *) dm_mapping_dev (m, h0);
      for (size_t i = 0; (i += dm_words_find (d0 + 8 * i, n - i, lo, hi)) < n;
	   i++)
	{
	  uintptr_t w;
	  memcpy (&w, d0 + 8 * i, sizeof w);
	  const struct dm_mapping *o = dm_maptable_floor (t, w);
	  if (o && w < o->host_end && dm_strict_object (o, ss, se))
	    dm_strict_fail (dev, m, h0 + 8 * i, w, o);
	}
    }
  pthread_mutex_unlock (&dev->lock);
}
