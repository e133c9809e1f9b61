/* latehoist.c -- the late sections of hoisted loops (latehoist.h).  */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "abi/latehoist.h"
#include "map/hoistcheck.h"
#include "support/error.h"

struct dm_late
{
  pthread_t thread;
  const struct deepmap_hoist_site *site;	/* its enter data's record */
  const struct deepmap_hoist_late *late;
  const char *name;
  void *host;
  size_t size;
  int device;			/* the enter data's argument */
};

int dm_late_npending;
static struct dm_late *dm_lates;
static size_t dm_late_cap;
static pthread_mutex_t dm_late_lock = PTHREAD_MUTEX_INITIALIZER;

/* Drop pending section K (lock held).  Order is kept: the exit data
   forgets the latest registration of a section first.  */
static void
dm_late_drop (size_t k)
{
  size_t n = (size_t) dm_late_npending;
  memmove (&dm_lates[k], &dm_lates[k + 1], (n - k - 1) * sizeof *dm_lates);
  __atomic_store_n (&dm_late_npending, (int) (n - 1), __ATOMIC_RELAXED);
}

static void
dm_late_add (const struct dm_late *l)
{
  size_t n = (size_t) dm_late_npending;
  if (n == dm_late_cap)
    {
      size_t cap = dm_late_cap ? 2 * dm_late_cap : 32;
      void *p = realloc (dm_lates, cap * sizeof *dm_lates);
      if (!p)
	dm_fatal_unlock (&dm_late_lock, "out of memory for the sections "
			 "transfer hoisting enters at their first constructs");
      dm_lates = p;
      dm_late_cap = cap;
    }
  dm_lates[n] = *l;
  __atomic_store_n (&dm_late_npending, (int) (n + 1), __ATOMIC_RELAXED);
}

/* Start BUF_ADDRS and BUF_SIZES as copies of the call's N + 1 entries
   (the record's too), once.  */
static void
dm_late_copy (int *copied, size_t n, void **hostaddrs, const size_t *sizes,
	      void **buf_addrs, size_t *buf_sizes)
{
  if (*copied)
    return;
  memcpy (buf_addrs, hostaddrs, (n + 1) * sizeof *buf_addrs);
  memcpy (buf_sizes, sizes, (n + 1) * sizeof *buf_sizes);
  *copied = 1;
}

int
dm_late_hoisted_call (int device, const struct deepmap_hoist_site *hs,
		      int exit_data, void **hostaddrs, const size_t *sizes,
		      void **buf_addrs, size_t *buf_sizes)
{
  int copied = 0;
  pthread_t self = pthread_self ();
  if (exit_data)
    {
      if (__atomic_load_n (&dm_late_npending, __ATOMIC_RELAXED) == 0)
	return 0;
      pthread_mutex_lock (&dm_late_lock);
      for (size_t i = 0; i < hs->n; i++)
	for (size_t k = (size_t) dm_late_npending; k-- > 0;)
	  if (pthread_equal (dm_lates[k].thread, self)
	      && dm_lates[k].host == hostaddrs[i]
	      && dm_lates[k].size == sizes[i])
	    {
	      /* Never entered: this exit data must not release a mapping
		 of somebody else's.  */
	      dm_late_drop (k);
	      dm_late_copy (&copied, hs->n, hostaddrs, sizes, buf_addrs,
			    buf_sizes);
	      buf_addrs[i] = NULL;
	      buf_sizes[i] = 0;
	      break;
	    }
      pthread_mutex_unlock (&dm_late_lock);
      return copied;
    }
  const struct deepmap_hoist_late *late
    = (const struct deepmap_hoist_late *) dm_hoist_entry (hs, hs->n);
  size_t nlate = 0;
  for (size_t i = 0; i < hs->n; i++)
    nlate += (dm_hoist_entry (hs, i)->flags & DEEPMAP_HOIST_LATE) != 0;
  if (nlate == 0)
    return 0;
  pthread_mutex_lock (&dm_late_lock);
  /* A loop left by longjmp leaves its registration behind: this one
     replaces it.  */
  for (size_t k = (size_t) dm_late_npending; k-- > 0;)
    if (dm_lates[k].site == hs && pthread_equal (dm_lates[k].thread, self))
      dm_late_drop (k);
  for (size_t i = 0; i < hs->n; i++)
    {
      const struct deepmap_hoist_entry *e = dm_hoist_entry (hs, i);
      if (!(e->flags & DEEPMAP_HOIST_LATE))
	continue;
      struct dm_late l = { self, hs, late++, e->name, hostaddrs[i],
			   sizes[i], device };
      dm_late_add (&l);
      dm_late_copy (&copied, hs->n, hostaddrs, sizes, buf_addrs, buf_sizes);
      buf_addrs[i] = NULL;
      buf_sizes[i] = 0;
    }
  pthread_mutex_unlock (&dm_late_lock);
  return copied;
}

/* Does pending section L wait for the construct known by KEY?  */
static int
dm_late_waits_for (const struct dm_late *l, const void *key)
{
  for (size_t t = 0; t < l->late->ntriggers; t++)
    if (l->late->triggers[t] == key)
      return 1;
  return 0;
}

int
dm_late_take (const void *key, struct dm_late_batch *b)
{
  if (!key)
    return 0;
  pthread_t self = pthread_self ();
  pthread_mutex_lock (&dm_late_lock);
  size_t n = (size_t) dm_late_npending, first = n;
  for (size_t k = 0; k < n && first == n; k++)
    if (pthread_equal (dm_lates[k].thread, self)
	&& dm_late_waits_for (&dm_lates[k], key))
      first = k;
  if (first == n)
    {
      pthread_mutex_unlock (&dm_late_lock);
      return 0;
    }
  const struct deepmap_hoist_site *site = dm_lates[first].site;
  int device = dm_lates[first].device;
  size_t m = 0;
  for (size_t k = first; k < n; k++)
    m += (dm_lates[k].site == site && dm_lates[k].device == device
	  && pthread_equal (dm_lates[k].thread, self)
	  && dm_late_waits_for (&dm_lates[k], key));
  b->device = device;
  b->mapnum = m + 1;
  b->record = malloc (sizeof *b->record
		      + m * sizeof (struct deepmap_hoist_entry));
  b->hostaddrs = malloc ((m + 1) * sizeof *b->hostaddrs);
  b->sizes = malloc ((m + 1) * sizeof *b->sizes);
  b->kinds = malloc ((m + 1) * sizeof *b->kinds);
  if (!b->record || !b->hostaddrs || !b->sizes || !b->kinds)
    dm_fatal_unlock (&dm_late_lock, "out of memory entering the sections "
		     "transfer hoisting keeps across the loop at %s",
		     site->where ? site->where : "?");
  *b->record = (struct deepmap_hoist_site) { DEEPMAP_HOIST_MAGIC,
					     DEEPMAP_HOIST_ENTER, site->where,
					     m };
  struct deepmap_hoist_entry *ents
    = (struct deepmap_hoist_entry *) (b->record + 1);
  size_t j = 0;
  for (size_t k = first; k < (size_t) dm_late_npending;)
    {
      struct dm_late *l = &dm_lates[k];
      if (l->site != site || l->device != device
	  || !pthread_equal (l->thread, self) || !dm_late_waits_for (l, key))
	{
	  k++;
	  continue;
	}
      ents[j] = (struct deepmap_hoist_entry) { l->name, l->late->type, 0 };
      b->hostaddrs[j] = l->host;
      b->sizes[j] = l->size;
      b->kinds[j] = (unsigned short) (l->size ? l->late->kinds
				      : l->late->kinds >> 16);
      j++;
      dm_late_drop (k);
    }
  pthread_mutex_unlock (&dm_late_lock);
  b->hostaddrs[m] = b->record;
  b->sizes[m] = 0;
  b->kinds[m] = DEEPMAP_HOIST_KIND;
  return 1;
}

void
dm_late_batch_free (struct dm_late_batch *b)
{
  free (b->kinds);
  free (b->sizes);
  free (b->hostaddrs);
  free (b->record);
}
