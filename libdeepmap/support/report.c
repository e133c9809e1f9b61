/* report.c -- the DEEPMAP_REPORT report of wasteful data movement (see
   report.h).  */
#include <errno.h>
#include <pthread.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support/config.h"
#include "support/error.h"
#include "support/contenthash.h"
#include "support/report.h"
#include "support/trace.h"

/* Entries printed; the rest are summed in one line.  */
#define DM_RP_SHOW 20

enum dm_rp_kind
{
  DM_RP_DUPLICATE,
  DM_RP_ROUND_TRIP,
  DM_RP_REALLOC,
  DM_RP_UNCHANGED_BACK,
  DM_RP_NKINDS
};

/* What is known of one host range on one device.  */
#define DM_RP_SENT 1		/* SENT_HASH: its last copy in */
#define DM_RP_BACK 2		/* BACK_HASH: a copy back since then */
#define DM_RP_BACK_UNKNOWN 4	/* a queued copy back since then, not
				   yet done (dm_report_back_done) */
#define DM_RP_FREED 8		/* its device memory was freed */
#define DM_RP_SYNCED 16		/* SYNCED_HASH: the bytes the host and
				   this device memory both had at the
				   last copy either way */

struct dm_rp_range
{
  uintptr_t host;
  size_t bytes;
  int device;			/* -1: empty slot */
  unsigned flags;
  uint64_t sent_hash, back_hash, synced_hash;
  uint64_t backs;		/* copies back recorded */
  uint64_t free_ns;		/* the time its last free took */
};

/* One line of the report: a kind of waste of one range at one
   construct.  */
struct dm_rp_entry
{
  const void *codeptr;
  uintptr_t host;
  size_t range_bytes;
  int device;			/* -1: empty slot */
  enum dm_rp_kind kind;
  uint64_t count, bytes, ns;
  char *loc;			/* at exit */
};

/* Open addressing, linear probing, at most half full.  */
struct dm_rp_table
{
  void *slots;
  size_t cap, n;
};

int dm_report_enabled;
static pthread_mutex_t dm_rp_lock = PTHREAD_MUTEX_INITIALIZER;
static struct dm_rp_table dm_rp_ranges, dm_rp_entries;
static uint64_t dm_rp_copies_in, dm_rp_copies_back, dm_rp_allocs;
static int dm_rp_incomplete;	/* out of host memory: some events lost */

void
dm_report_init (void)
{
  if (dm_config.report && !dm_report_enabled)
    {
      dm_content_hash_prepare ();
      __atomic_store_n (&dm_report_enabled, 1, __ATOMIC_RELEASE);
    }
}

static uint64_t
dm_rp_key (uintptr_t a, uintptr_t b, uintptr_t c, int device)
{
  return dm_hash_mix (a * 0x9e3779b97f4a7c15ull ^ dm_hash_rotl (b, 21)
		      ^ dm_hash_rotl (c, 42) ^ (uint64_t) device);
}

/* The slot for KEY in T (SIZE bytes a slot, empty when its device is
   -1, at DEVOFF), found by EQ; the table grows first when half full.
   NULL: out of host memory.  */
static void *
dm_rp_find (struct dm_rp_table *t, size_t size, size_t devoff, uint64_t key,
	    int (*eq) (const void *slot, const void *want), const void *want,
	    uint64_t (*rekey) (const void *slot))
{
  if (2 * (t->n + 1) > t->cap)
    {
      size_t cap = t->cap ? 2 * t->cap : 256;
      char *slots = malloc (cap * size);
      if (!slots)
	return NULL;
      for (size_t i = 0; i < cap; i++)
	*(int *) (slots + i * size + devoff) = -1;
      for (size_t i = 0; i < t->cap; i++)
	{
	  char *old = (char *) t->slots + i * size;
	  if (*(int *) (old + devoff) < 0)
	    continue;
	  size_t j = rekey (old) & (cap - 1);
	  while (*(int *) (slots + j * size + devoff) >= 0)
	    j = (j + 1) & (cap - 1);
	  memcpy (slots + j * size, old, size);
	}
      free (t->slots);
      t->slots = slots;
      t->cap = cap;
    }
  size_t j = key & (t->cap - 1);
  for (;;)
    {
      char *s = (char *) t->slots + j * size;
      if (*(int *) (s + devoff) < 0)
	{
	  t->n++;
	  return s;
	}
      if (eq (s, want))
	return s;
      j = (j + 1) & (t->cap - 1);
    }
}

static uint64_t
dm_rp_range_key (const void *slot)
{
  const struct dm_rp_range *r = slot;
  return dm_rp_key (r->host, r->bytes, 0, r->device);
}

static int
dm_rp_range_eq (const void *slot, const void *want)
{
  const struct dm_rp_range *a = slot, *b = want;
  return a->host == b->host && a->bytes == b->bytes && a->device == b->device;
}

/* The record equal to WANT in T (a new one is a copy of WANT); NULL:
   out of host memory, and the report says it is incomplete.  */
static void *
dm_rp_get (struct dm_rp_table *t, size_t size, size_t devoff,
	   const void *want, int (*eq) (const void *, const void *),
	   uint64_t (*key) (const void *))
{
  char *s = dm_rp_find (t, size, devoff, key (want), eq, want, key);
  if (!s)
    dm_rp_incomplete = 1;
  else if (*(int *) (s + devoff) < 0)
    memcpy (s, want, size);
  return s;
}

/* The record of [HOST, HOST + BYTES) on DEVICE.  */
static struct dm_rp_range *
dm_rp_range (int device, uintptr_t host, size_t bytes)
{
  struct dm_rp_range want = { .host = host, .bytes = bytes,
			      .device = device };
  return dm_rp_get (&dm_rp_ranges, sizeof want,
		    offsetof (struct dm_rp_range, device), &want,
		    dm_rp_range_eq, dm_rp_range_key);
}

static uint64_t
dm_rp_entry_key (const void *slot)
{
  const struct dm_rp_entry *e = slot;
  return dm_rp_key ((uintptr_t) e->codeptr, e->host,
		    e->range_bytes * DM_RP_NKINDS + e->kind, e->device);
}

static int
dm_rp_entry_eq (const void *slot, const void *want)
{
  const struct dm_rp_entry *a = slot, *b = want;
  return a->codeptr == b->codeptr && a->host == b->host
	 && a->range_bytes == b->range_bytes && a->device == b->device
	 && a->kind == b->kind;
}

/* Count one wasted operation of KIND on R at CODEPTR.  */
static void
dm_rp_waste (enum dm_rp_kind kind, const struct dm_rp_range *r,
	     const void *codeptr, uint64_t ns)
{
  struct dm_rp_entry want = { .codeptr = codeptr, .host = r->host,
			      .range_bytes = r->bytes, .device = r->device,
			      .kind = kind };
  struct dm_rp_entry *e
    = dm_rp_get (&dm_rp_entries, sizeof want,
		 offsetof (struct dm_rp_entry, device), &want,
		 dm_rp_entry_eq, dm_rp_entry_key);
  if (!e)
    return;
  e->count++;
  e->bytes += r->bytes;
  e->ns += ns;
}

/* A queued copy back, to hash once the queue has passed it.  */
struct dm_rp_later
{
  int device;
  const void *host;
  size_t width, pitch, height;
  uint64_t backs;		/* the range's count when it was queued */
  int synced;			/* SYNCED_HASH held then */
  uint64_t synced_hash;
  const void *codeptr;
};

/* A copy back of R brought the bytes H: unchanged when the host and the
   device had them already at the last copy either way (SYNCED, from
   before the copy).  */
static void
dm_rp_copied_back (struct dm_rp_range *r, int synced, uint64_t synced_hash,
		   uint64_t h, const void *codeptr, uint64_t ns)
{
  if (synced && synced_hash == h)
    dm_rp_waste (DM_RP_UNCHANGED_BACK, r, codeptr, ns);
  r->synced_hash = h;
  r->flags |= DM_RP_SYNCED;
}

struct dm_rp_later *
dm_report_copy (int to_device, int device, const void *host, size_t width,
		size_t pitch, size_t height, int queued, const uint64_t *hash,
		uint64_t ns, const void *codeptr)
{
  struct dm_rp_later *later = NULL;
  if (!to_device && queued)
    later = malloc (sizeof *later);
  uint64_t h = 0;
  /* The bytes themselves, before the lock: copies of other threads
     need not wait for them.  */
  if (hash)
    h = *hash;
  else if (to_device || !queued)
    h = dm_content_hash (host, width, pitch, height);
  pthread_mutex_lock (&dm_rp_lock);
  struct dm_rp_range *r = dm_rp_range (device, (uintptr_t) host,
				       width * height);
  if (!r)
    ;
  else if (!to_device)
    {
      dm_rp_copies_back++;
      r->backs++;
      int synced = (r->flags & DM_RP_SYNCED) != 0;
      r->flags &= ~(DM_RP_BACK | DM_RP_BACK_UNKNOWN | DM_RP_SYNCED);
      r->flags |= queued ? DM_RP_BACK_UNKNOWN : DM_RP_BACK;
      r->back_hash = h;
      if (later)
	*later = (struct dm_rp_later) { device, host, width, pitch, height,
					r->backs, synced, r->synced_hash,
					codeptr };
      else if (!queued)
	dm_rp_copied_back (r, synced, r->synced_hash, h, codeptr, ns);
    }
  else
    {
      dm_rp_copies_in++;
      /* A copy back since the last copy in: only a round trip is
	 waste (the device's copy may have changed).  */
      if (r->flags & DM_RP_BACK)
	{
	  if (r->back_hash == h)
	    dm_rp_waste (DM_RP_ROUND_TRIP, r, codeptr, ns);
	}
      else if ((r->flags & (DM_RP_SENT | DM_RP_BACK_UNKNOWN)) == DM_RP_SENT
	       && r->sent_hash == h)
	dm_rp_waste (DM_RP_DUPLICATE, r, codeptr, ns);
      r->flags &= ~(DM_RP_BACK | DM_RP_BACK_UNKNOWN);
      r->flags |= DM_RP_SENT | DM_RP_SYNCED;
      r->sent_hash = h;
      r->synced_hash = h;
    }
  pthread_mutex_unlock (&dm_rp_lock);
  if (later && !r)
    {
      free (later);
      later = NULL;
    }
  return later;
}

void
dm_report_back_done (void *data, const char *failure)
{
  struct dm_rp_later *l = data;
  /* The bytes are the copy's now, and stay so until the construct
     completes (after this callback): hash them outside the lock.  */
  uint64_t h = failure ? 0
	       : dm_content_hash (l->host, l->width, l->pitch, l->height);
  pthread_mutex_lock (&dm_rp_lock);
  struct dm_rp_range *r = failure ? NULL
			  : dm_rp_range (l->device, (uintptr_t) l->host,
					 l->width * l->height);
  /* Only if nothing was recorded for the range since.  */
  if (r && r->backs == l->backs && (r->flags & DM_RP_BACK_UNKNOWN))
    {
      r->flags = (r->flags & ~DM_RP_BACK_UNKNOWN) | DM_RP_BACK;
      r->back_hash = h;
      dm_rp_copied_back (r, l->synced, l->synced_hash, h, l->codeptr, 0);
    }
  pthread_mutex_unlock (&dm_rp_lock);
  free (l);
}

void
dm_report_memory (int alloc, int device, const void *host, size_t bytes,
		  uint64_t ns, const void *codeptr)
{
  pthread_mutex_lock (&dm_rp_lock);
  struct dm_rp_range *r = dm_rp_range (device, (uintptr_t) host, bytes);
  if (r && !alloc)
    {
      r->flags = (r->flags | DM_RP_FREED) & ~DM_RP_SYNCED;
      r->free_ns = ns;
    }
  else if (r)
    {
      dm_rp_allocs++;
      /* What keeping the memory would have saved: this allocation and
	 the free before it.  */
      if (r->flags & DM_RP_FREED)
	dm_rp_waste (DM_RP_REALLOC, r, codeptr, ns + r->free_ns);
      r->flags &= ~DM_RP_FREED;
    }
  pthread_mutex_unlock (&dm_rp_lock);
}

/* Most bytes first; then the kinds in their order, then the place.  */
static int
dm_rp_entry_cmp (const void *a, const void *b)
{
  const struct dm_rp_entry *x = a, *y = b;
  if (x->bytes != y->bytes)
    return x->bytes > y->bytes ? -1 : 1;
  if (x->kind != y->kind)
    return x->kind < y->kind ? -1 : 1;
  if (x->codeptr != y->codeptr)
    return (uintptr_t) x->codeptr < (uintptr_t) y->codeptr ? -1 : 1;
  return x->host < y->host ? -1 : x->host > y->host;
}

static const char *const dm_rp_names[DM_RP_NKINDS] = {
  [DM_RP_DUPLICATE] = "duplicate transfer",
  [DM_RP_ROUND_TRIP] = "round trip",
  [DM_RP_REALLOC] = "repeated alloc/free",
  [DM_RP_UNCHANGED_BACK] = "unchanged copy back",
};

static const char *const dm_rp_hints[DM_RP_NKINDS] = {
  [DM_RP_DUPLICATE] = "sent again with the same contents: keep it on the "
    "device across these constructs (an enclosing target data "
    "map(to: ...), or -fplugin=deepmap hoisting for a loop)",
  [DM_RP_ROUND_TRIP] = "copied back and sent again unchanged: keep it on "
    "the device (target data map(tofrom: ...) around them) and copy back "
    "only what the host reads (target update from)",
  [DM_RP_REALLOC] = "device memory allocated again after it was freed: "
    "hoist the allocation (target enter data / exit data map(alloc: ...) "
    "around the loop)",
  [DM_RP_UNCHANGED_BACK] = "copied back with the contents the host "
    "already had (no device write changed them since the last copy either "
    "way): map it to: (or release it) instead of tofrom/from, or drop the "
    "target update from",
};

static void
dm_rp_print_entry (FILE *f, size_t rank, const struct dm_rp_entry *e)
{
  const char *verb = e->kind == DM_RP_REALLOC
		     ? (e->count == 1 ? "allocation" : "allocations")
		     : (e->count == 1 ? "copy" : "copies");
  fprintf (f, "deepmap: report: %zu. %s on device %d: %llu bytes in %llu "
	   "%s", rank, dm_rp_names[e->kind], e->device,
	   (unsigned long long) e->bytes, (unsigned long long) e->count,
	   verb);
  if (e->ns)
    fprintf (f, " (%.3f ms)", e->ns / 1e6);
  fprintf (f, " at %s, host [%#lx, +%zu)\n", e->loc ? e->loc : "(unknown)",
	   (unsigned long) e->host, e->range_bytes);
  fprintf (f, "deepmap: report:    %s\n", dm_rp_hints[e->kind]);
}

/* The entries, packed and sorted (*N of them); their locations
   resolved.  */
static struct dm_rp_entry *
dm_rp_sorted (size_t *n)
{
  struct dm_rp_entry *all = dm_rp_entries.slots;
  size_t m = 0;
  for (size_t i = 0; i < dm_rp_entries.cap; i++)
    if (all[i].device >= 0)
      all[m++] = all[i];
  /* No entry: the table may never have been allocated (qsort wants a
     pointer even for none).  */
  if (m > 1)
    qsort (all, m, sizeof *all, dm_rp_entry_cmp);
  if (m)
    dm_trace_resolve (all, m < DM_RP_SHOW ? m : DM_RP_SHOW, sizeof *all,
		      offsetof (struct dm_rp_entry, codeptr),
		      offsetof (struct dm_rp_entry, loc));
  *n = m;
  return all;
}

void
dm_report_finish (void)
{
  if (!__atomic_exchange_n (&dm_report_enabled, 0, __ATOMIC_ACQ_REL))
    return;
  pthread_mutex_lock (&dm_rp_lock);
  FILE *f = stderr;
  if (dm_config.report_file
      && !(f = fopen (dm_config.report_file, "w")))
    {
      dm_warning ("DEEPMAP_REPORT=%s: cannot write the report: %s",
		  dm_config.report_file, strerror (errno));
      pthread_mutex_unlock (&dm_rp_lock);
      return;
    }
  /* The program's own output first.  */
  fflush (stdout);
  size_t n;
  struct dm_rp_entry *all = dm_rp_sorted (&n);
  uint64_t total = 0;
  for (size_t i = 0; i < n; i++)
    total += all[i].bytes;
  if (n == 0)
    fprintf (f, "deepmap: report: no wasteful data movement found (%llu "
	     "copies to devices, %llu back, %llu allocations checked)\n",
	     (unsigned long long) dm_rp_copies_in,
	     (unsigned long long) dm_rp_copies_back,
	     (unsigned long long) dm_rp_allocs);
  else
    fprintf (f, "deepmap: report: %llu bytes of data movement that a hand "
	     "optimisation would remove, in %zu entries (of %llu copies to "
	     "devices, %llu back, %llu allocations):\n",
	     (unsigned long long) total, n,
	     (unsigned long long) dm_rp_copies_in,
	     (unsigned long long) dm_rp_copies_back,
	     (unsigned long long) dm_rp_allocs);
  for (size_t i = 0; i < n && i < DM_RP_SHOW; i++)
    {
      dm_rp_print_entry (f, i + 1, &all[i]);
      free (all[i].loc);
    }
  if (n > DM_RP_SHOW)
    {
      uint64_t rest = 0;
      for (size_t i = DM_RP_SHOW; i < n; i++)
	rest += all[i].bytes;
      fprintf (f, "deepmap: report: ... and %zu more entries, %llu bytes\n",
	       n - DM_RP_SHOW, (unsigned long long) rest);
    }
  if (dm_rp_incomplete)
    fprintf (f, "deepmap: report: out of host memory while recording: "
	     "some operations were not checked\n");
  if (f != stderr && fclose (f) != 0)
    dm_warning ("DEEPMAP_REPORT=%s: writing the report failed: %s",
		dm_config.report_file, strerror (errno));
  pthread_mutex_unlock (&dm_rp_lock);
}
