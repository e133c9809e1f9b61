/* deepcopy.c -- expansion of deep list items (see deepcopy.h).  */
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "support/config.h"
#include "map/deepcopy.h"
#include "map/hostpatch.h"
#include "map/directory.h"
#include "deepmap.h"
#include "support/addrhash.h"
#include "support/error.h"
#include "support/export.h"
#include "support/ompabi.h"
#include "map/overwrite.h"
#include "map/hoistcheck.h"
#include "map/pipeline.h"
#include "engine/devstate.h"
#include "engine/pool.h"
#include "support/hostmem.h"

/* ---- annotations ---------------------------------------------------- */

/* What deepmap_annotate announced for this thread's next construct.  The
   plugin passes arrays that live until the construct has run.  */
static DM_TLS const struct deepmap_annotation *dm_pending;
DM_TLS size_t dm_deep_npending;
/* For announcements made from sites (static data naming each item's
   entry), the entry of each annotation; NULL for deepmap_annotate's,
   which are matched to entries by host address.  Two entries may share
   an address (a structure and its first member mapped in one
   construct: random-deep seed 9, program 25), so an address alone can
   name the wrong one.  */
static DM_TLS const size_t *dm_pending_index;

/* Is annotation A of this thread's announcement (ANN, INDEX) the one
   for entry I of HOSTADDRS?  */
static inline int
dm_announced_for (const struct deepmap_annotation *ann, const size_t *index,
		  size_t a, size_t i, void **hostaddrs)
{
  return ann[a].host == hostaddrs[i] && (!index || index[a] == i);
}

DM_EXPORT void
deepmap_annotate (size_t n, const struct deepmap_annotation *items)
{
  dm_pending = items;
  dm_pending_index = NULL;
  dm_deep_npending = n;
}

void
dm_deep_set_aside (struct dm_deep_pending *p)
{
  p->items = dm_pending;
  p->index = dm_pending_index;
  p->n = dm_deep_npending;
  dm_pending = NULL;
  dm_pending_index = NULL;
  dm_deep_npending = 0;
}

void
dm_deep_restore (const struct dm_deep_pending *p)
{
  dm_pending = p->items;
  dm_pending_index = p->index;
  dm_deep_npending = p->n;
}

size_t
dm_deep_take (struct deepmap_annotation *ann, size_t *index, int *indexed)
{
  size_t n = dm_deep_npending;
  memcpy (ann, dm_pending, n * sizeof *ann);
  *indexed = dm_pending_index != NULL;
  if (dm_pending_index)
    memcpy (index, dm_pending_index, n * sizeof *index);
  dm_deep_discard ();
  return n;
}

/* Room for N annotations in SA and their entries (*INDEX): its own
   buffers, or the heap.  */
static struct deepmap_annotation *
dm_announce_room (struct dm_site_announce *sa, size_t n, size_t **index)
{
  if (n <= DM_SITES_INLINE)
    {
      *index = sa->ibuf;
      return sa->buf;
    }
  sa->heap = malloc (n * (sizeof *sa->heap + sizeof **index));
  if (!sa->heap)
    dm_fatal ("deep copy: out of host memory for %zu deep items", n);
  *index = (size_t *) (sa->heap + n);
  return sa->heap;
}

/* The N annotations A of entries INDEX (in SA) are this thread's for
   the call.  */
static void
dm_announce (struct dm_site_announce *sa, struct deepmap_annotation *a,
	     const size_t *index, size_t n)
{
  sa->used = 1;
  dm_pending = a;
  dm_pending_index = index;
  dm_deep_npending = n;
}

void
dm_deep_announce_sites (struct dm_site_announce *sa, size_t mapnum,
			void **hostaddrs, const unsigned short *kinds,
			const void *fn)
{
  sa->heap = NULL;
  if (dm_deep_npending)
    return;
  struct deepmap_annotation *a = sa->buf;
  size_t *index = sa->ibuf;
  const void *key = kinds;
  size_t n = dm_sites_find (key, mapnum, hostaddrs, a, index,
			    DM_SITES_INLINE);
  if (!n && fn)
    n = dm_sites_find (key = fn, mapnum, hostaddrs, a, index,
		       DM_SITES_INLINE);
  if (n > DM_SITES_INLINE)
    {
      a = dm_announce_room (sa, n, &index);
      /* A concurrent dlclose cannot remove this construct's sites: the
	 construct is running.  */
      n = dm_sites_find (key, mapnum, hostaddrs, a, index, n);
    }
  if (!n)
    {
      free (sa->heap);
      sa->heap = NULL;
      return;
    }
  dm_announce (sa, a, index, n);
}

void
dm_deep_announce_hoist (struct dm_site_announce *sa,
			const struct deepmap_hoist_site *hs, void **hostaddrs)
{
  if (sa->used || dm_deep_npending)
    return;
  /* dm_deep_sites leaves it unset where no unit registered sites.  */
  sa->heap = NULL;
  size_t n = 0;
  for (size_t i = 0; i < hs->n; i++)
    n += dm_hoist_entry (hs, i)->type != NULL;
  if (!n)
    return;
  size_t *index;
  struct deepmap_annotation *a = dm_announce_room (sa, n, &index);
  n = 0;
  for (size_t i = 0; i < hs->n; i++)
    if (dm_hoist_entry (hs, i)->type)
      {
	index[n] = i;
	a[n].host = hostaddrs[i];
	a[n++].type = dm_hoist_entry (hs, i)->type;
      }
  dm_announce (sa, a, index, n);
}

void
dm_deep_announce_done (struct dm_site_announce *sa)
{
  if (dm_pending == sa->buf || (sa->heap && dm_pending == sa->heap))
    dm_deep_discard ();
  free (sa->heap);
  sa->heap = NULL;
  sa->used = 0;
}

/* ---- the visited set ------------------------------------------------ */

/* Elements already expanded in this call, as (address, type): the
   paper's per-call mark, so cycles end and shared objects map once.  An
   object is identified by its address and its type, not its address
   alone: one reached first as `struct base *' (its first member) and
   then as `struct derived *' gets the derived type's fields as well.
   Open addressing on the address, so the entries of one address lie on
   one probe path and a second type there is seen (ALIASED).  */
struct dm_visited
{
  struct dm_visited_slot
  {
    uintptr_t addr;
    const struct deepmap_type *type;
  } *slot;
  size_t cap, n;
  int aliased;			/* an address was reached as two types */
};

/* CAP is a power of two.  */
static inline size_t
dm_visited_hash (uintptr_t a, size_t cap)
{
  return dm_addr_hash (a, 3, cap - 1);
}

static int
dm_visit (struct dm_visited *v, uintptr_t a, const struct deepmap_type *t)
{
  if (2 * (v->n + 1) > v->cap)
    {
      size_t cap = v->cap ? 2 * v->cap : 64;
      struct dm_visited_slot *s = calloc (cap, sizeof *s);
      if (!s)
	dm_fatal ("deep copy: out of host memory");
      for (size_t i = 0; i < v->cap; i++)
	if (v->slot[i].addr)
	  {
	    size_t h = dm_visited_hash (v->slot[i].addr, cap);
	    while (s[h].addr)
	      h = (h + 1) % cap;
	    s[h] = v->slot[i];
	  }
      free (v->slot);
      v->slot = s;
      v->cap = cap;
    }
  size_t h = dm_visited_hash (a, v->cap);
  while (v->slot[h].addr)
    {
      if (v->slot[h].addr == a)
	{
	  if (v->slot[h].type == t)
	    return 0;
	  v->aliased = 1;
	}
      h = (h + 1) % v->cap;
    }
  v->slot[h].addr = a;
  v->slot[h].type = t;
  v->n++;
  return 1;
}

/* ---- the growing list ----------------------------------------------- */

struct dm_growing
{
  void **addrs;
  size_t *sizes;
  unsigned short *kinds;
  size_t n, cap;
};

static void
dm_push (struct dm_growing *g, void *addr, size_t size, unsigned short kind)
{
  if (g->n == g->cap)
    {
      size_t cap = g->cap ? 2 * g->cap : 32;
      g->addrs = realloc (g->addrs, cap * sizeof *g->addrs);
      g->sizes = realloc (g->sizes, cap * sizeof *g->sizes);
      g->kinds = realloc (g->kinds, cap * sizeof *g->kinds);
      if (!g->addrs || !g->sizes || !g->kinds)
	dm_fatal ("deep copy: out of host memory for %zu list items", cap);
      g->cap = cap;
    }
  g->addrs[g->n] = addr;
  g->sizes[g->n] = size;
  g->kinds[g->n] = kind;
  g->n++;
}

/* Reverse G's entries from FROM on.  */
static void
dm_growing_reverse (struct dm_growing *g, size_t from)
{
  for (size_t a = from, b = g->n; a + 1 < b; a++, b--)
    {
      void *ad = g->addrs[a];
      size_t sz = g->sizes[a];
      unsigned short k = g->kinds[a];
      g->addrs[a] = g->addrs[b - 1];
      g->sizes[a] = g->sizes[b - 1];
      g->kinds[a] = g->kinds[b - 1];
      g->addrs[b - 1] = ad;
      g->sizes[b - 1] = sz;
      g->kinds[b - 1] = k;
    }
}

/* ---- expansion ------------------------------------------------------ */

/* An attach entry of the construct's own: the pointer's address, and
   whether it is GCC's implicit one (GOMP_MAP_ATTACH_ZERO_LENGTH_ARRAY_
   SECTION).  */
struct dm_own_attach
{
  uintptr_t slot;
  int zero_length;
};

/* An element whose pointers are still to follow.  */
struct dm_expand_work
{
  const struct deepmap_type *t;
  uintptr_t obj;
  unsigned short kind;
};

struct dm_expander
{
  struct dm_expand_work *work;	/* pending elements (a stack): no
				   recursion per pointer hop, so lists
				   and trees of any depth expand */
  size_t nwork, capwork;
  struct dm_growing objects;	/* reached objects */
  struct dm_growing pointers;	/* attach/detach entries, mapped last */
  struct dm_visited visited;
  void *check;			/* structured or enter data: record */
  enum dm_construct construct;
  struct dm_device *dev;	/* the construct's device, or NULL */
  /* Pointer fields the construct attaches itself (sorted by slot).  */
  const struct dm_own_attach *own;
  size_t nown;
};

/* Does the construct attach the pointer at SLOT itself?  0: no; 1: an
   attach entry of the program's, then what it points to on the device is
   the construct's to say, not deep copy's; 2: GCC's implicit one for a
   pointer member a member function's region uses (this->x), which
   OpenMP makes NULL where nothing is mapped there: for a field with a
   count (counted_by), deep copy maps the elements, which the
   construct's attachment then finds (it comes after every map).  */
static int
dm_own_slot (const struct dm_expander *x, uintptr_t slot)
{
  size_t lo = 0, hi = x->nown;
  while (lo < hi)
    {
      size_t mid = lo + (hi - lo) / 2;
      if (x->own[mid].slot == slot)
	return x->own[mid].zero_length ? 2 : 1;
      if (x->own[mid].slot < slot)
	lo = mid + 1;
      else
	hi = mid;
    }
  return 0;
}

/* Is A an address of X's device already: inside a block the program
   got from omp_target_alloc (arrays of such pointers, mapped to the
   device for its kernels: NeoRodinia's kmeans)?  Then it is neither
   mapped nor attached: the host cannot read there, and the device
   needs it as it is.  Free where the program allocated none.  */
static int
dm_deep_device_address (const struct dm_expander *x, uintptr_t a)
{
  struct dm_device *dev = x->dev;
  if (!dev || !__atomic_load_n (&dev->pool.nuser, __ATOMIC_RELAXED))
    return 0;
  uintptr_t start;
  size_t size;
  dm_device_lock (dev);
  int r = dm_pool_user_block (dev, a, &start, &size);
  pthread_mutex_unlock (&dev->lock);
  return r;
}

static int
dm_own_attach_cmp (const void *a, const void *b)
{
  uintptr_t x = ((const struct dm_own_attach *) a)->slot;
  uintptr_t y = ((const struct dm_own_attach *) b)->slot;
  return x < y ? -1 : x > y;
}


/* The counted tail of T (a flexible array member), or NULL: version 1
   descriptors end before the field.  */
static inline const struct deepmap_field *
dm_tail (const struct deepmap_type *t)
{
  return t->version >= 2 ? t->tail : NULL;
}

/* Bytes of the object of type T at OBJ: with a counted tail, as many as
   its count says (GCC's __builtin_dynamic_object_size rule).  */
static size_t
dm_object_size (const struct deepmap_type *t, uintptr_t obj)
{
  size_t size = t->size ? t->size : 1;
  const struct deepmap_field *tl = dm_tail (t);
  if (!tl || !tl->pointee)
    return size;
  size_t n = dm_field_count (tl, (const char *) obj, obj + tl->offset);
  size_t esize = tl->pointee->size ? tl->pointee->size : 1;
  if (n > (SIZE_MAX - tl->offset) / esize
      || tl->offset + n * esize > UINTPTR_MAX - obj)
    dm_fatal ("deep copy: %s at %p: count %zu of its flexible array member "
	      "'%s' overflows the address space", t->name ? t->name : "?",
	      (void *) obj, n, tl->name ? tl->name : "?");
  size_t end = tl->offset + n * esize;
  return end > size ? end : size;
}

/* The alignment (log2, in map kind bits 8-15) to keep on the device for
   elements of SIZE bytes at ADDR.  Descriptors do not carry the type's
   alignment, but it divides both the size and the address: keep that
   much, up to 64 bytes (the widest aligned load, AVX-512's), so that an
   alignas(32) or alignas(64) element stays aligned.  An element only
   aligned by chance pays at most the pad that keeps it congruent.  */
static unsigned short
dm_align_bits (uintptr_t addr, size_t size)
{
  unsigned short a = 0;
  uintptr_t both = addr | size;
  while (a < 6 && !((both >> a) & 1))
    a++;
  return a << 8;
}

static void dm_expand_objects (struct dm_expander *x,
			       const struct deepmap_type *t, uintptr_t start,
			       size_t count, unsigned short kind);

/* Element OBJ of type T: its pointers are followed later.  */
static void
dm_expand_later (struct dm_expander *x, const struct deepmap_type *t,
		 uintptr_t obj, unsigned short kind)
{
  if (x->nwork == x->capwork)
    {
      size_t cap = x->capwork ? 2 * x->capwork : 64;
      struct dm_expand_work *w = realloc (x->work, cap * sizeof *w);
      if (!w)
	dm_fatal ("deep copy: out of host memory for %zu pending objects",
		  cap);
      x->work = w;
      x->capwork = cap;
    }
  x->work[x->nwork++] = (struct dm_expand_work) { t, obj, kind };
}

/* The pointer at SLOT: attached by the construct (looked up at its
   target plus BIAS; MISSING: NULL on the device where that is not
   mapped), detached by an exit data, neither by an update.  BEGIN: the
   pointer may end an array whose begin pointer lies at BEGIN (0: none;
   mapping.h, DM_ATTACH_BEGIN).  */
static inline void
dm_push_pointer (struct dm_expander *x, uintptr_t slot, size_t bias,
		 int missing, uintptr_t begin)
{
  unsigned short align8 = 3 << 8;	/* log2 of pointer alignment */
  if (x->construct == DM_CONSTRUCT_EXIT_DATA)
    dm_push (&x->pointers, (void *) slot, 0, DM_MAP_DETACH | align8);
  else if (x->construct != DM_CONSTRUCT_UPDATE)
    {
      unsigned short hi = align8;
      if (begin && begin < slot && slot - begin < DM_ATTACH_BEGIN)
	hi = (DM_ATTACH_BEGIN | (slot - begin)) << 8;
      dm_push (&x->pointers, (void *) slot, bias,
	       (missing ? DM_MAP_ATTACH_ZERO_LENGTH_ARRAY_SECTION
			: DM_MAP_ATTACH) | hi);
    }
}

/* The begin pointer field G of T at OBJ may end (dm_end_field), or 0.  */
static inline uintptr_t
dm_end_begin (const struct deepmap_type *t, size_t g, uintptr_t obj)
{
  size_t b = 0;
  return dm_end_field (t, g, &b) ? obj + b : 0;
}

static const char *
dm_type_name (const struct deepmap_type *t)
{
  return t->name ? t->name : "?";
}

/* The pointers of one element OBJ of type T.  */
/* DEEPMAP_CHECK: pointer FD of object OBJ (type T) holds TARGET, which
   is no readable memory, so deep copy does not follow it.  The program
   may never dereference it on the device; one that does faults there,
   and this says why (the first few).  */
static void
dm_deep_warn_unreadable (const struct deepmap_type *t,
			 const struct deepmap_field *fd, uintptr_t obj,
			 uintptr_t target)
{
  enum { DM_UNREADABLE_SHOWN = 5 };
  static unsigned warned;
  unsigned k = __atomic_fetch_add (&warned, 1, __ATOMIC_RELAXED);
  if (k < DM_UNREADABLE_SHOWN)
    dm_warning ("deep copy: %s at %p: its pointer '%s' holds %p, which is "
		"not readable memory: not followed, its device copy keeps "
		"that value (a region that dereferences it faults)%s",
		dm_type_name (t), (void *) obj, fd->name ? fd->name : "?",
		(void *) target, k + 1 == DM_UNREADABLE_SHOWN
		? "; further such pointers are not reported" : "");
}

static void
dm_expand_fields (struct dm_expander *x, const struct deepmap_type *t,
		  uintptr_t obj, unsigned short kind)
{
  for (size_t f = 0; f < t->nfields; f++)
    {
      const struct deepmap_field *fd = &t->fields[f];
      size_t reps = fd->repeat ? fd->repeat : 1;
      for (size_t r = 0; r < reps; r++)
	{
	  uintptr_t slot = obj + fd->offset + r * fd->stride;
	  uintptr_t target = dm_deep_load (slot);
	  int own = __builtin_expect (x->nown != 0, 0)
		    ? dm_own_slot (x, slot) : 0;
	  if (!fd->pointee
	      || (own && !(own == 2 && fd->count_kind == DEEPMAP_COUNT_FIELD)))
	    continue;
	  size_t n = dm_field_count (fd, (const char *) obj, slot);
	  /* NULL fields too: one set to NULL while mapped is a change.  */
	  if (__builtin_expect (dm_config.check, 0)
	      && x->construct != DM_CONSTRUCT_UPDATE)
	    dm_deep_check_field (x->check, x->construct, t, fd, obj, slot,
				 target, n);
	  /* An exit releases what was attached, also where a region has
	     relinked the structure since (the check above sees the host's
	     pointer, which the relinking brought back).  */
	  if (x->construct == DM_CONSTRUCT_EXIT_DATA && x->dev)
	    target = dm_dir_attached_target (x->dev, slot, target);
	  if (!target)
	    {
	      /* Attached all the same: a pointer the region sets comes
		 back (dm_attach_back), an array's end relative to its
		 begin.  */
	      if (!own)
		dm_push_pointer (x, slot, 0, 0, dm_end_begin (t, f, obj));
	      continue;
	    }
	  long long v;
	  if (__builtin_expect (n == 0, 0)
	      && fd->count_kind == DEEPMAP_COUNT_FIELD
	      && (v = dm_count_field_value (fd, (const char *) obj)) < 0)
	    dm_fatal ("deep copy: %s at %p: the count of its pointer '%s' is "
		      "%lld: a count is never negative", dm_type_name (t),
		      (void *) obj, fd->name ? fd->name : "?", v);
	  if (dm_deep_device_address (x, target))
	    continue;
	  size_t elem, begin;
	  int end = fd->count_kind == DEEPMAP_COUNT_ONE
		    ? dm_sibling_end (t, f, r, obj, target, &elem, &begin) : 0;
	  if (n == 0 || end == 2)
	    {
	      /* An empty array (its begin and end alike) maps nothing:
		 NULL on the device (unless what it points to is mapped),
		 attached so that what a region stores there comes back.  */
	      if (!own)
		dm_push_pointer (x, slot, 0, 1,
				 end ? obj + begin : dm_end_begin (t, f, obj));
	      continue;
	    }
	  if (end && !own)
	    {
	      /* Translated through the element before it (the bias is
		 added to the pointer to find what it points into).  */
	      dm_push_pointer (x, slot, -elem, 0, obj + begin);
	      continue;
	    }
	  /* A pointer to no readable memory (an uninitialized field, a
	     block unmapped since) is the program's to never dereference:
	     followed, it would fault here.  Its device copy keeps the host
	     value, as the host's does.  */
	  size_t psize = fd->pointee->size ? fd->pointee->size : 1;
	  if (n > SIZE_MAX / psize || !dm_host_readable (target, n * psize))
	    {
	      /* But a count runs past what its pointer points to, when
		 the first element is there: copied, the rest would fault
		 on the device (or read another object's memory).  */
	      if (fd->count_kind == DEEPMAP_COUNT_FIELD && n > 1
		  && dm_host_readable (target, psize))
		dm_fatal ("deep copy: %s at %p: its pointer '%s' counts %zu "
			  "elements of %zu bytes from %p, past readable "
			  "memory: the count is larger than the array",
			  dm_type_name (t), (void *) obj,
			  fd->name ? fd->name : "?", n, psize,
			  (void *) target);
	      if (dm_config.check)
		dm_deep_warn_unreadable (t, fd, obj, target);
	      continue;
	    }
	  /* No begin pointer: an end pointer with a target is one past its
	     array (above), and this one points into what it maps.  */
	  if (!own)
	    dm_push_pointer (x, slot, 0, 0, 0);
	  dm_expand_objects (x, fd->pointee, target, n, kind);
	}
    }
  /* The elements of a counted tail are part of this object's bytes;
     their pointers are followed like those of an array's elements.  */
  const struct deepmap_field *tl = dm_tail (t);
  if (tl && tl->pointee && tl->pointee->nfields)
    {
      size_t n = dm_field_count (tl, (const char *) obj, obj + tl->offset);
      size_t esize = tl->pointee->size ? tl->pointee->size : 1;
      for (size_t i = 0; i < n; i++)
	{
	  uintptr_t e = obj + tl->offset + i * esize;
	  if (dm_visit (&x->visited, e, tl->pointee))
	    dm_expand_later (x, tl->pointee, e, kind);
	}
    }
}

/* The map type of [S, S + SIZE), reached through a structure mapped
   with KIND.  A target or target data construct's always, from: what
   is present (held by an enclosing construct) comes back at its end all
   the same; what is new is mapped tofrom, as from's pointees are.  */
static unsigned short
dm_reach_kind (const struct dm_expander *x, uintptr_t s, size_t size,
	       unsigned short kind)
{
  if ((kind & 0xff) != DM_MAP_ALWAYS_FROM
      || x->construct == DM_CONSTRUCT_EXIT_DATA
      || x->construct == DM_CONSTRUCT_UPDATE)
    return kind & 0xff;
  int present = 0;
  if (x->dev)
    {
      dm_device_lock (x->dev);
      present = dm_dir_present (x->dev, s, s + size);
      pthread_mutex_unlock (&x->dev->lock);
    }
  return present ? DM_MAP_ALWAYS_FROM : DM_MAP_TOFROM;
}

/* COUNT elements of type T at START, reached by a pointer: map them with
   KIND (the top-level item's map type) and queue the elements not
   reached before in this call, whose pointers dm_expand_drain follows.  */
static void
dm_expand_objects (struct dm_expander *x, const struct deepmap_type *t,
		   uintptr_t start, size_t count, unsigned short kind)
{
  size_t size = t->size ? t->size : 1;
  size_t span = count * size;
  if (t->nfields == 0 && !dm_tail (t))
    {
      /* Nothing to follow inside: the range is all there is, whatever
	 else reaches it (the directory counts a construct's overlapping
	 items once).  No per-element bookkeeping for big data arrays.  */
      dm_push (&x->objects, (void *) start, count * size,
	       dm_reach_kind (x, start, count * size, kind)
	       | dm_align_bits (start, size));
      return;
    }
  int any_new = 0;
  size_t first = x->nwork;
  for (size_t i = 0; i < count; i++)
    {
      if (dm_tail (t))
	{
	  /* Each element as long as its own count makes it.  */
	  size_t end = i * size + dm_object_size (t, start + i * size);
	  span = end > span ? end : span;
	}
      if (dm_visit (&x->visited, start + i * size, t))
	{
	  any_new = 1;
	  dm_expand_later (x, t, start + i * size, kind);
	}
    }
  /* Popped last first: reverse, so that elements go in index order.  */
  for (size_t a = first, b = x->nwork; a + 1 < b; a++, b--)
    {
      struct dm_expand_work w = x->work[a];
      x->work[a] = x->work[b - 1];
      x->work[b - 1] = w;
    }
  /* Reached before (a cycle, a shared object, a pointer into an array
     already expanded): its attachment is all it needs.  */
  if (any_new)
    dm_push (&x->objects, (void *) start, span,
	     dm_reach_kind (x, start, span, kind) | dm_align_bits (start, size));
}

/* Follow the pointers of every pending element, and of those they reach,
   depth first.  */
static void
dm_expand_drain (struct dm_expander *x)
{
  while (x->nwork)
    {
      struct dm_expand_work w = x->work[--x->nwork];
      dm_expand_fields (x, w.t, w.obj, w.kind);
    }
}

struct dm_pointer_entry
{
  void *slot;
  size_t size;
  unsigned short kind;
};

static int
dm_pointer_entry_cmp (const void *a, const void *b)
{
  uintptr_t x = (uintptr_t) ((const struct dm_pointer_entry *) a)->slot;
  uintptr_t y = (uintptr_t) ((const struct dm_pointer_entry *) b)->slot;
  return x < y ? -1 : x > y;
}

/* An object reached as two types has the pointer slots their layouts
   share listed twice: keep one attach (or detach) entry per slot.  */
static void
dm_pointers_unique (struct dm_growing *g)
{
  if (g->n < 2)
    return;
  struct dm_pointer_entry *e = malloc (g->n * sizeof *e);
  if (!e)
    dm_fatal ("deep copy: out of host memory for %zu pointers", g->n);
  for (size_t i = 0; i < g->n; i++)
    e[i] = (struct dm_pointer_entry) { g->addrs[i], g->sizes[i],
				       g->kinds[i] };
  qsort (e, g->n, sizeof *e, dm_pointer_entry_cmp);
  size_t n = 0;
  for (size_t i = 0; i < g->n; i++)
    if (n == 0 || e[i].slot != g->addrs[n - 1])
      {
	g->addrs[n] = e[i].slot;
	g->sizes[n] = e[i].size;
	g->kinds[n] = e[i].kind;
	n++;
      }
  g->n = n;
  free (e);
}

/* Copy N list items (ADDRS_IN, SIZES_IN, KINDS_IN) to position AT of the
   output arrays.  */
static void
dm_append (void **addrs, const size_t *sizes_in,
	   const unsigned short *kinds_in, size_t *sizes,
	   unsigned short *kinds, void *const *addrs_in, size_t at, size_t n)
{
  if (!n)
    return;
  memcpy (addrs + at, addrs_in, n * sizeof *addrs);
  memcpy (sizes + at, sizes_in, n * sizeof *sizes);
  memcpy (kinds + at, kinds_in, n * sizeof *kinds);
}

/* Act on the marks of a target construct's list L, in KINDS (L's own, or
   a copy): clear the copy in of the overwritten items OVER (they are
   noted in L->over) and the copy back of the read-only items RO.
   Returns whether anything changed.  */
static int
dm_deep_apply_marks (struct dm_deep_list *l, unsigned short *kinds,
		     const size_t *over, size_t nover, const size_t *ro,
		     size_t nro)
{
  int changed = 0;
  for (size_t k = 0; k < nover; k++)
    if (dm_mark_apply (l->n, l->addrs, l->sizes, kinds, over[k],
		       DEEPMAP_MARK_OVERWRITTEN))
      {
	l->over[l->nover++] = over[k];
	changed = 1;
      }
  for (size_t k = 0; k < nro; k++)
    changed |= dm_mark_apply (l->n, l->addrs, l->sizes, kinds, ro[k],
			      DEEPMAP_MARK_READ_ONLY);
  return changed;
}

/* The same for list L that refers to the caller's arrays: in a copy of
   its kinds.  */
static void
dm_deep_marks_copied (struct dm_deep_list *l, const size_t *over,
		      size_t nover, const size_t *ro, size_t nro)
{
  unsigned short *own = malloc (l->n * sizeof *own);
  if (!own)
    return;			/* mapped as written: still right */
  memcpy (own, l->kinds, l->n * sizeof *own);
  if (!dm_deep_apply_marks (l, own, over, nover, ro, nro))
    {
      free (own);
      return;
    }
  l->own_kinds = l->kinds = own;
}

void
dm_deep_expand_annotated (struct dm_device *dev, enum dm_construct c,
			  size_t mapnum, void **hostaddrs, size_t *sizes,
			  unsigned short *kinds, struct dm_deep_list *out)
{
  size_t nann = dm_deep_npending;
  dm_deep_list_init (out, mapnum, hostaddrs, sizes, kinds);
  if (__builtin_expect (!nann, 1))
    return;
  const struct deepmap_annotation *ann = dm_pending;
  const size_t *ann_index = dm_pending_index;
  dm_pending = NULL;
  dm_pending_index = NULL;
  dm_deep_npending = 0;

  struct dm_expander x;
  memset (&x, 0, sizeof x);
  x.construct = c;
  x.dev = dev;
  struct dm_own_attach own_inline[16], *own = own_inline;
  size_t nown = 0, capown = 16;
  for (size_t i = 0; i < mapnum; i++)
    {
      int kind = dm_plain_kind (kinds[i]);
      if ((kind != DM_MAP_ATTACH
	   && kind != DM_MAP_ATTACH_ZERO_LENGTH_ARRAY_SECTION)
	  || !hostaddrs[i])
	continue;
      if (nown == capown)
	{
	  struct dm_own_attach *o = malloc (2 * capown * sizeof *o);
	  if (!o)
	    dm_fatal ("deep copy: out of host memory for %zu attachments",
		      2 * capown);
	  memcpy (o, own, nown * sizeof *o);
	  if (own != own_inline)
	    free (own);
	  own = o;
	  capown *= 2;
	}
      own[nown++] = (struct dm_own_attach) {
	(uintptr_t) hostaddrs[i],
	kind == DM_MAP_ATTACH_ZERO_LENGTH_ARRAY_SECTION };
    }
  if (nown > 1)
    qsort (own, nown, sizeof *own, dm_own_attach_cmp);
  x.own = own;
  x.nown = nown;
  /* Items announced as overwritten by the region, or as read only
     (map/overwrite.h).  */
  size_t over[DM_OVERWRITE_MAX], nover = 0;
  size_t ro[DM_OVERWRITE_MAX], nro = 0;
  if (dm_config.check && c != DM_CONSTRUCT_EXIT_DATA
      && c != DM_CONSTRUCT_UPDATE)
    x.check = dm_deep_check_new ();

  dm_deep_walk_begin ();
  for (size_t i = 0; i < mapnum; i++)
    {
      int kind = dm_plain_kind (kinds[i]);
      /* Data items only: the kinds that move or hold bytes.  */
      int data = !(kind & DM_MAP_FLAG_SPECIAL)
		 || kind == DM_MAP_DELETE || kind == DM_MAP_RELEASE;
      if (!data || !hostaddrs[i] || !sizes[i])
	continue;
      for (size_t a = 0; a < nann; a++)
	{
	  const struct deepmap_type *t = ann[a].type;
	  /* The plugin's hoisting has read its mark already.  */
	  if (!dm_announced_for (ann, ann_index, a, i, hostaddrs) || !t
	      || t->version == DEEPMAP_MARK_WRITTEN_FIRST)
	    continue;
	  if (t->version == DEEPMAP_MARK_OVERWRITTEN)
	    {
	      if (nover < DM_OVERWRITE_MAX)
		over[nover++] = i;
	      break;
	    }
	  if (t->version == DEEPMAP_MARK_READ_ONLY)
	    {
	      if (nro < DM_OVERWRITE_MAX)
		ro[nro++] = i;
	      break;
	    }
	  if (t->version < 1 || t->version > DEEPMAP_DESCRIPTOR_VERSION)
	    dm_fatal ("deep copy: type descriptor '%s' has version %u, this "
		      "runtime reads versions 1 to %d (rebuild with the "
		      "matching plugin)", t->name ? t->name : "?", t->version,
		      DEEPMAP_DESCRIPTOR_VERSION);
	  uintptr_t start = (uintptr_t) hostaddrs[i];
	  size_t size = t->size ? t->size : 1;
	  if (!t->nfields && !dm_tail (t))
	    break;
	  /* What a structure mapped from reaches is mapped tofrom: its
	     host pointers may be stale (an output structure never set),
	     and bytes the region does not write must not come back as
	     device garbage over memory the structure does not own (SOLLVE
	     V&V 4.5's enter data struct test).  */
	  unsigned short reach = kinds[i];
	  if (dm_kind_copies_from (kind) && !dm_kind_copies_to (kind)
	      && c != DM_CONSTRUCT_EXIT_DATA && c != DM_CONSTRUCT_UPDATE)
	    reach = (reach & ~0xff) | (dm_kind_always_from (kind)
				       ? DM_MAP_ALWAYS_FROM : DM_MAP_TOFROM);
	  /* The item itself is mapped by its own entry; its elements are
	     visited so that pointers back to them only attach.  */
	  for (size_t e = 0; e + size <= sizes[i]; e += size)
	    dm_visit (&x.visited, start + e, t);
	  for (size_t e = 0; e + size <= sizes[i]; e += size)
	    {
	      /* The item's own entry maps the header (sizeof): the
		 counted tail past it is one more object, of the item's
		 map type.  */
	      size_t whole = dm_object_size (t, start + e);
	      if (whole > size)
		dm_push (&x.objects, (void *) (start + e + size),
			 whole - size, (kinds[i] & 0xff)
				       | dm_align_bits (start + e + size, 8));
	      size_t before = x.objects.n;
	      dm_expand_fields (&x, t, start + e, reach);
	      dm_expand_drain (&x);
	      /* Deepest objects first, as a recursive walk (post-order)
		 lists them: the pool then places a list's nodes in the
		 order batching merges.  */
	      dm_growing_reverse (&x.objects, before);
	    }
	  break;
	}
    }
  dm_deep_walk_end ();
  if (x.visited.aliased)
    dm_pointers_unique (&x.pointers);
  free (x.visited.slot);
  free (x.work);
  if (own != own_inline)
    free (own);

  size_t extra = x.objects.n + x.pointers.n;
  if ((c != DM_CONSTRUCT_TARGET && c != DM_CONSTRUCT_ENTER_DATA)
      || dm_pipe_current)
    nover = 0;
  if (c != DM_CONSTRUCT_TARGET || dm_pipe_current)
    nro = 0;
  /* An enter data decides under the device lock (mapping.c).  */
  size_t defer = c == DM_CONSTRUCT_ENTER_DATA ? nover : 0;
  if (defer)
    {
      memcpy (out->over, over, defer * sizeof *over);
      out->nover = defer;
      nover = 0;
    }
  if (extra == 0)
    {
      free (x.objects.addrs), free (x.objects.sizes), free (x.objects.kinds);
      free (x.pointers.addrs), free (x.pointers.sizes),
	free (x.pointers.kinds);
      out->check = x.check;
      if (nover || nro)
	dm_deep_marks_copied (out, over, nover, ro, nro);
      return;
    }
  size_t n = mapnum + extra;
  char *mem = malloc (n * (sizeof (void *) + sizeof (size_t)
			   + sizeof (unsigned short)));
  if (!mem)
    dm_fatal ("deep copy: out of host memory for %zu list items", n);
  void **addrs = (void **) mem;
  size_t *szs = (size_t *) (addrs + n);
  unsigned short *knd = (unsigned short *) (szs + n);
  /* The caller's items, then the objects, then the pointers: attachments
     need their targets mapped.  */
  dm_append (addrs, sizes, kinds, szs, knd, hostaddrs, 0, mapnum);
  dm_append (addrs, x.objects.sizes, x.objects.kinds, szs, knd,
	     x.objects.addrs, mapnum, x.objects.n);
  dm_append (addrs, x.pointers.sizes, x.pointers.kinds, szs, knd,
	     x.pointers.addrs, mapnum + x.objects.n, x.pointers.n);
  free (x.objects.addrs), free (x.objects.sizes), free (x.objects.kinds);
  free (x.pointers.addrs), free (x.pointers.sizes), free (x.pointers.kinds);

  dm_deep_list_init (out, n, addrs, szs, knd);
  out->original = mapnum;
  out->check = x.check;
  out->storage = mem;
  out->nover = defer;
  memcpy (out->over, over, defer * sizeof *over);
  dm_deep_apply_marks (out, knd, over, nover, ro, nro);
  if (nann == 1 && ann[0].type)
    {
      out->item_host = (uintptr_t) ann[0].host;
      out->item_type = ann[0].type;
    }
}

int
dm_deep_replay_item (enum dm_construct c, size_t mapnum, void **hostaddrs,
		     const size_t *sizes, const unsigned short *kinds,
		     size_t *index, const struct deepmap_type **t)
{
  if (dm_deep_npending != 1 || !dm_pending || !dm_pending[0].type
      || !dm_config.deep_replay || dm_config.check
      || (c != DM_CONSTRUCT_TARGET && c != DM_CONSTRUCT_DATA))
    return 0;
  for (size_t i = 0; i < mapnum; i++)
    if (dm_announced_for (dm_pending, dm_pending_index, 0, i, hostaddrs)
	&& sizes[i])
      {
	int kind = dm_plain_kind (kinds[i]);
	if (kind != DM_MAP_ALLOC && kind != DM_MAP_TO && kind != DM_MAP_FROM
	    && kind != DM_MAP_TOFROM)
	  return 0;
	/* The record covers what the item's elements reach: the same
	   number of elements.  */
	const struct deepmap_type *ty = dm_pending[0].type;
	if (ty->version != DEEPMAP_DESCRIPTOR_VERSION || !ty->nfields
	    || sizes[i] != (ty->size ? ty->size : 1))
	  return 0;
	*index = i;
	*t = ty;
	return 1;
      }
  return 0;
}

void
dm_deep_discard (void)
{
  dm_pending = NULL;
  dm_pending_index = NULL;
  dm_deep_npending = 0;
}

void
dm_deep_done_expanded (struct dm_deep_list *l, void **hostaddrs)
{
  free (l->own_kinds);
  l->own_kinds = NULL;
  if (l->storage)
    {
      /* use_device_ptr items rewrite their address in place.  */
      memcpy (hostaddrs, l->addrs, l->original * sizeof *hostaddrs);
      free (l->storage);
      l->storage = NULL;
    }
}
