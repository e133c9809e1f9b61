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
#include <stdlib.h>
#include <string.h>

#include "engine/devstate.h"
#include "map/directory.h"
#include "map/maptable.h"
#include "map/mapping.h"
#include "map/strict.h"
#include "support/error.h"
#include "support/pagewatch.h"
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

/* Device copies of this size and up are watched for stores between
   scans (support/pagewatch.h): one nobody wrote since the last scan is
   not read again, only its words that could be an address then (its
   candidates) are looked at again, against what is mapped now.  */
#define DM_STRICT_WATCH_MIN ((size_t) 1 << 20)

/* A copy with more candidates than one word in this many (an array of
   small integer pairs) is scanned in full every time instead.  */
#define DM_STRICT_CAND_RATIO 64

/* Words that could be a host address, now or once more is mapped: user
   space above the lowest address a mapping may have.  */
#define DM_ADDR_LO ((uint64_t) 0x10000)
#define DM_ADDR_HI ((uint64_t) 1 << 47)

/* What the last scan learnt of one watched device copy.  */
struct dm_strict_rec
{
  int dev;
  uintptr_t d0;				/* its first scanned word */
  size_t n;				/* words */
  struct dm_watch *w;
  size_t *cand, ncand;			/* word indexes inside the watched
					   pages */
  unsigned stamp;			/* last scan that saw the copy */
};

static pthread_mutex_t dm_strict_lock = PTHREAD_MUTEX_INITIALIZER;
static struct dm_strict_rec *dm_strict_recs;
static size_t dm_strict_nrecs, dm_strict_caprecs;
static unsigned dm_strict_stamp;

/* What one scan compares with: mapped host objects span [LO, HI), the
   thread's stack [SS, SE) is left out.  */
struct dm_strict_ctx
{
  struct dm_device *dev;
  const struct dm_maptable *t;
  uintptr_t lo, hi, ss, se;
};

/* Fatal error if word I of mapping M's copy (D0: its first scanned
   word, for host H0) holds the host address of a mapped object.  */
static inline void
dm_strict_word (const struct dm_strict_ctx *c, const struct dm_mapping *m,
		uintptr_t h0, const char *d0, size_t i)
{
  uintptr_t w;
  memcpy (&w, d0 + 8 * i, sizeof w);
  if (w - c->lo >= c->hi - c->lo)
    return;
  const struct dm_mapping *o = dm_maptable_floor (c->t, w);
  if (o && w < o->host_end && dm_strict_object (o, c->ss, c->se))
    dm_strict_fail (c->dev, m, h0 + 8 * i, w, o);
}

/* Words [FROM, TO) of the copy, every one.  */
static void
dm_strict_words (const struct dm_strict_ctx *c, const struct dm_mapping *m,
		 uintptr_t h0, const char *d0, size_t from, size_t to)
{
  for (size_t i = from; (i += dm_words_find (d0 + 8 * i, to - i, c->lo,
					     c->hi)) < to; i++)
    dm_strict_word (c, m, h0, d0, i);
}

static struct dm_strict_rec *
dm_strict_rec_find (int dev, uintptr_t d0, size_t n)
{
  for (size_t k = 0; k < dm_strict_nrecs; k++)
    if (dm_strict_recs[k].dev == dev && dm_strict_recs[k].d0 == d0
	&& dm_strict_recs[k].n == n)
      return &dm_strict_recs[k];
  return NULL;
}

static void
dm_strict_rec_drop (size_t k)
{
  struct dm_strict_rec *r = &dm_strict_recs[k];
  if (r->w)
    dm_watch_free (r->w);
  free (r->cand);
  *r = dm_strict_recs[--dm_strict_nrecs];
}

/* A new record for the copy, unwatched for now; NULL without memory.  */
static struct dm_strict_rec *
dm_strict_rec_new (int dev, uintptr_t d0, size_t n)
{
  if (dm_strict_nrecs == dm_strict_caprecs)
    {
      size_t cap = dm_strict_caprecs ? 2 * dm_strict_caprecs : 16;
      struct dm_strict_rec *r = realloc (dm_strict_recs, cap * sizeof *r);
      if (!r)
	return NULL;
      dm_strict_recs = r;
      dm_strict_caprecs = cap;
    }
  struct dm_strict_rec *r = &dm_strict_recs[dm_strict_nrecs++];
  *r = (struct dm_strict_rec) { dev, d0, n, NULL, NULL, 0, dm_strict_stamp };
  return r;
}

/* Scan watched copy R (of mapping M) in full, its pages protected first,
   keeping its candidates; R loses its watch where that fails or there are
   too many.  */
static void
dm_strict_full (const struct dm_strict_ctx *c, const struct dm_mapping *m,
		uintptr_t h0, const char *d0, struct dm_strict_rec *r)
{
  size_t n = r->n, cap = n / DM_STRICT_CAND_RATIO, i = 0;
  free (r->cand);
  r->cand = NULL;
  r->ncand = 0;
  if (!r->w)
    r->w = dm_watch_new (r->d0, r->d0 + 8 * n);
  if (r->w && dm_watch_arm (r->w) == 0
      && (r->cand = malloc ((cap ? cap : 1) * sizeof *r->cand)) != NULL)
    {
      uintptr_t wlo, whi;
      dm_watch_pages (r->w, &wlo, &whi);
      for (; (i += dm_words_find (d0 + 8 * i, n - i, DM_ADDR_LO,
				  DM_ADDR_HI)) < n; i++)
	{
	  uintptr_t a = r->d0 + 8 * i;
	  if (a >= wlo && a + 8 <= whi)
	    {
	      if (r->ncand == cap)
		break;
	      r->cand[r->ncand++] = i;
	    }
	  dm_strict_word (c, m, h0, d0, i);
	}
      if (i >= n)
	return;
    }
  /* Unwatched from here on: what is left is scanned as usual.  */
  if (r->w)
    dm_watch_free (r->w);
  r->w = NULL;
  free (r->cand);
  r->cand = NULL;
  r->ncand = 0;
  dm_strict_words (c, m, h0, d0, i, n);
}

/* Watched copy R, not written since its last scan: the words outside its
   watched pages, and its candidates.  */
static void
dm_strict_again (const struct dm_strict_ctx *c, const struct dm_mapping *m,
		 uintptr_t h0, const char *d0, const struct dm_strict_rec *r)
{
  uintptr_t wlo, whi;
  dm_watch_pages (r->w, &wlo, &whi);
  dm_strict_words (c, m, h0, d0, 0, (wlo - r->d0) / 8);
  dm_strict_words (c, m, h0, d0, (whi - r->d0) / 8, r->n);
  for (size_t k = 0; k < r->ncand; k++)
    dm_strict_word (c, m, h0, d0, r->cand[k]);
}

void
dm_strict_scan (struct dm_device *dev)
{
  struct dm_strict_ctx c = { dev, &dev->map->table, UINTPTR_MAX, 0, 0, 0 };
  dm_strict_stack (&c.ss, &c.se);
  dm_device_lock (dev);
  /* Device bytes not copied in yet are not the program's.  */
  dm_pending_flush_all (dev);
  pthread_mutex_lock (&dm_strict_lock);
  unsigned stamp = ++dm_strict_stamp;
  struct dm_maptable_pos pos = { 0, -1 };
  for (struct dm_mapping *m; (m = dm_maptable_step (c.t, &pos)) != NULL;)
    {
      if (dm_strict_object (m, c.ss, c.se))
	{
	  c.lo = m->host_start < c.lo ? m->host_start : c.lo;
	  c.hi = m->host_end > c.hi ? m->host_end : c.hi;
	}
      if (dm_strict_scanned (m)
	  && m->host_end - m->host_start >= DM_STRICT_WATCH_MIN)
	{
	  uintptr_t h0 = (m->host_start + 7) & ~(uintptr_t) 7;
	  struct dm_strict_rec *r
	    = dm_strict_rec_find (dev->id, dm_mapping_dev (m, h0),
				  (m->host_end - h0) / 8);
	  if (r)
	    r->stamp = stamp;
	}
    }
  /* Copies whose mapping went (or moved) first: their watches may
     overlap the new ones' pages.  */
  for (size_t k = 0; k < dm_strict_nrecs;)
    if (dm_strict_recs[k].dev == dev->id && dm_strict_recs[k].stamp != stamp)
      dm_strict_rec_drop (k);
    else
      k++;
  pos = (struct dm_maptable_pos) { 0, -1 };
  for (struct dm_mapping *m; c.lo < c.hi
			     && (m = dm_maptable_step (c.t, &pos)) != NULL;)
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
      struct dm_strict_rec *r = NULL;
      if (m->host_end - m->host_start >= DM_STRICT_WATCH_MIN
	  && !(r = dm_strict_rec_find (dev->id, (uintptr_t) d0, n)))
	r = dm_strict_rec_new (dev->id, (uintptr_t) d0, n);
      if (!r)
	dm_strict_words (&c, m, h0, d0, 0, n);
      else if (r->w && r->cand && !dm_watch_written (r->w))
	dm_strict_again (&c, m, h0, d0, r);
      else
	dm_strict_full (&c, m, h0, d0, r);
    }
  pthread_mutex_unlock (&dm_strict_lock);
  pthread_mutex_unlock (&dev->lock);
}
