/* hostmem.c -- the read-only segments of the loaded objects, and the
   readable mappings of the process (see hostmem.h).

   Automatic deep copy may map what a structure's pointer reaches, and a
   `char *' field often points to a string literal: copying such bytes
   back (a tofrom map) would write read-only memory and fault.  The
   segments come from dl_iterate_phdr: loadable segments without write
   permission, and the parts made read-only after relocation
   (PT_GNU_RELRO).  They are kept sorted, and read again when objects
   were loaded or unloaded since (dlpi_adds, dlpi_subs).  */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <link.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "support/hostmem.h"

struct dm_ro_range
{
  uintptr_t lo, hi;
};

/* The segments as of one set of loaded objects.  Replaced whole when
   that set changes; a snapshot replaced is never freed (a reader may
   still be in it), which costs memory only at each dlopen or dlclose.  */
struct dm_ro_snap
{
  unsigned long long adds, subs;
  struct dm_ro_snap *older;	/* kept reachable, never freed */
  size_t n, cap;
  struct dm_ro_range r[];
};

static pthread_mutex_t dm_ro_lock = PTHREAD_MUTEX_INITIALIZER;
static struct dm_ro_snap *_Atomic dm_ro_cur;

/* dl_iterate_phdr callback: the object counts, without a scan.  */
static int
dm_ro_counts (struct dl_phdr_info *info, size_t size, void *data)
{
  unsigned long long *c = data;
  if (size < offsetof (struct dl_phdr_info, dlpi_subs) + sizeof info->dlpi_subs)
    {
      c[0] = c[1] = 0;
      return 1;
    }
  c[0] = info->dlpi_adds;
  c[1] = info->dlpi_subs;
  return 1;
}

/* dl_iterate_phdr callback: the read-only segments of one object onto
   the snapshot *DATA (grown as needed; NULL once out of memory).  */
static int
dm_ro_scan (struct dl_phdr_info *info, size_t size, void *data)
{
  struct dm_ro_snap **sp = data;
  (void) size;
  for (int i = 0; i < info->dlpi_phnum && *sp; i++)
    {
      const ElfW (Phdr) *p = &info->dlpi_phdr[i];
      if (!((p->p_type == PT_LOAD && !(p->p_flags & PF_W))
	    || p->p_type == PT_GNU_RELRO) || p->p_memsz == 0)
	continue;
      struct dm_ro_snap *s = *sp;
      if (s->n == s->cap)
	{
	  size_t cap = 2 * s->cap;
	  s = realloc (s, sizeof *s + cap * sizeof s->r[0]);
	  if (!s)
	    {
	      free (*sp);
	      *sp = NULL;
	      return 1;
	    }
	  s->cap = cap;
	  *sp = s;
	}
      s->r[s->n].lo = info->dlpi_addr + p->p_vaddr;
      s->r[s->n].hi = info->dlpi_addr + p->p_vaddr + p->p_memsz;
      s->n++;
    }
  return 0;
}

static int
dm_ro_cmp (const void *a, const void *b)
{
  const struct dm_ro_range *x = a, *y = b;
  return x->lo < y->lo ? -1 : x->lo > y->lo;
}

/* The snapshot for the objects loaded now (counts C), made if need
   be; NULL when out of memory (nothing known read-only: a fault, as
   before this check).  */
static struct dm_ro_snap *
dm_ro_snapshot (const unsigned long long *c)
{
  struct dm_ro_snap *s = dm_ro_cur;
  if (s && s->adds == c[0] && s->subs == c[1])
    return s;
  pthread_mutex_lock (&dm_ro_lock);
  s = dm_ro_cur;
  if (!s || s->adds != c[0] || s->subs != c[1])
    {
      struct dm_ro_snap *n = malloc (sizeof *n + 32 * sizeof n->r[0]);
      if (n)
	{
	  n->n = 0;
	  n->cap = 32;
	  dl_iterate_phdr (dm_ro_scan, &n);
	}
      if (n)
	{
	  qsort (n->r, n->n, sizeof n->r[0], dm_ro_cmp);
	  n->adds = c[0];
	  n->subs = c[1];
	  n->older = s;
	  dm_ro_cur = n;
	}
      s = n;
    }
  pthread_mutex_unlock (&dm_ro_lock);
  return s;
}

const struct dm_ro_snap *
dm_host_read_only_now (void)
{
  unsigned long long c[2] = { 0, 0 };
  dl_iterate_phdr (dm_ro_counts, c);
  return dm_ro_snapshot (c);
}

/* glibc 2.35's lock-free lookup of the object holding an address (made
   for unwinders); weak, so an older glibc only loses the fast path.  */
#pragma weak _dl_find_object

/* The program break when this library started, lowered to the heap's
   start once the mappings are read: [dm_heap_floor, the break now) is
   malloc's main heap, memory brk gave the process and no loaded object
   (the kernel grows the break only into free addresses).  Most mapped
   data lives there, and telling so costs a comparison.
   DM_HEAP_TOP_SEEN: the break as last seen (dm_host_mapped).  */
uintptr_t dm_heap_floor = UINTPTR_MAX, dm_heap_top_seen;

__attribute__ ((constructor)) static void
dm_heap_floor_init (void)
{
  void *b = sbrk (0);
  dm_heap_floor = b == (void *) -1 ? UINTPTR_MAX : (uintptr_t) b;
}

/* Is [ADDR, ADDR + SIZE) in the main heap as it is now?  Asks for the
   break (and keeps it for dm_host_mapped) only above the floor and past
   the break seen last.  */
static int
dm_heap_holds (uintptr_t addr, size_t size)
{
  if (addr < __atomic_load_n (&dm_heap_floor, __ATOMIC_RELAXED))
    return 0;
  if (addr + size <= __atomic_load_n (&dm_heap_top_seen, __ATOMIC_RELAXED))
    return 1;
  uintptr_t top = (uintptr_t) sbrk (0);
  if (top == (uintptr_t) -1)
    return 0;
  __atomic_store_n (&dm_heap_top_seen, top, __ATOMIC_RELAXED);
  return addr + size <= top;
}

int
dm_host_outside_objects (uintptr_t addr, size_t size)
{
  /* An object's mapping spans at least a page: a range no longer than
     that which overlaps one holds one of its own ends in it.  */
  enum { DM_MIN_OBJECT_SPAN = 4096 };
  struct dl_find_object o;
  if (addr + size < addr)
    return 0;
  if (dm_heap_holds (addr, size))
    return 1;
  if (!_dl_find_object || size == 0 || size > DM_MIN_OBJECT_SPAN)
    return 0;
  return _dl_find_object ((void *) addr, &o) != 0
	 && _dl_find_object ((void *) (addr + size - 1), &o) != 0;
}

int
dm_host_read_only (uintptr_t addr, size_t size)
{
  if (dm_host_outside_objects (addr, size))
    return 0;
  return dm_ro_snap_has (dm_host_read_only_now (), addr, size);
}

int
dm_ro_snap_has (const struct dm_ro_snap *s, uintptr_t addr, size_t size)
{
  if (!s)
    return 0;
  /* The ranges that start below the end of ours; segments of different
     objects never overlap, and RELRO lies within a loadable one: a few
     back suffice.  */
  size_t lo = 0, hi = s->n;
  while (lo < hi)
    {
      size_t mid = (lo + hi) / 2;
      if (s->r[mid].lo < addr + size)
	lo = mid + 1;
      else
	hi = mid;
    }
  for (size_t i = lo; i-- > 0 && lo - i <= 4;)
    if (s->r[i].hi > addr)
      return 1;
  return 0;
}

/* ---- readable memory -------------------------------------------------- */

/* The readable mappings of the process (/proc/self/maps), merged and
   sorted.  Deep copy follows every pointer a structure holds, and a
   program may hold pointers it never dereferences that point nowhere
   (an uninitialized field, a freed mmap'd block): reading through them
   would fault inside the runtime.  A snapshot is read again when an
   address is not in it (memory mapped since); snapshots replaced are
   kept (a reader may still be in one).  */
struct dm_rd_snap
{
  struct dm_rd_snap *older;	/* kept reachable, never freed */
  size_t n;
  _Atomic size_t last;		/* the range that answered last: asked
				   first (copies come from few arrays) */
  struct dm_ro_range r[];
};

static pthread_mutex_t dm_rd_lock = PTHREAD_MUTEX_INITIALIZER;
static struct dm_rd_snap *_Atomic dm_rd_cur;

/* A new snapshot of the readable mappings, or NULL (out of memory, or no
   /proc: everything is taken as readable then, as before this check).  */
static struct dm_rd_snap *
dm_rd_read (struct dm_rd_snap *older)
{
  FILE *f = fopen ("/proc/self/maps", "re");
  if (!f)
    return NULL;
  size_t cap = 256;
  struct dm_rd_snap *s = malloc (sizeof *s + cap * sizeof s->r[0]);
  if (s)
    {
      s->n = 0;
      s->last = 0;
    }
  char line[512];
  while (s && fgets (line, sizeof line, f))
    {
      unsigned long lo, hi;
      char perms[8];
      if (sscanf (line, "%lx-%lx %7s", &lo, &hi, perms) != 3
	  || perms[0] != 'r')
	continue;
      /* The heap began below the break this library first saw where
	 other libraries allocated before it started: its start, for
	 dm_host_mapped's test.  */
      if (strstr (line, "[heap]") && lo < dm_heap_floor)
	__atomic_store_n (&dm_heap_floor, lo, __ATOMIC_RELAXED);
      /* The file lists mappings in address order: merge touching ones.  */
      if (s->n && s->r[s->n - 1].hi == lo)
	{
	  s->r[s->n - 1].hi = hi;
	  continue;
	}
      if (s->n == cap)
	{
	  cap *= 2;
	  struct dm_rd_snap *g = realloc (s, sizeof *s + cap * sizeof s->r[0]);
	  if (!g)
	    free (s);
	  s = g;
	  if (!s)
	    break;
	}
      s->r[s->n].lo = lo;
      s->r[s->n++].hi = hi;
    }
  fclose (f);
  if (s)
    s->older = older;
  return s;
}

/* Does snapshot S hold [ADDR, ADDR + SIZE) in one readable range?  */
static int
dm_rd_holds (struct dm_rd_snap *s, uintptr_t addr, size_t size)
{
  size_t h = atomic_load_explicit (&s->last, memory_order_relaxed);
  if (h < s->n && s->r[h].lo <= addr && addr < s->r[h].hi
      && size <= s->r[h].hi - addr)
    return 1;
  size_t lo = 0, hi = s->n;
  while (lo < hi)
    {
      size_t mid = (lo + hi) / 2;
      if (s->r[mid].hi <= addr)
	lo = mid + 1;
      else
	hi = mid;
    }
  if (lo < s->n && s->r[lo].lo <= addr && size <= s->r[lo].hi - addr)
    {
      atomic_store_explicit (&s->last, lo, memory_order_relaxed);
      return 1;
    }
  return 0;
}

int
dm_host_mapped_slow (uintptr_t addr, size_t size)
{
  if (size == 0)
    return 1;
  if (addr + size < addr)
    return 0;
  /* The heap may have grown since it was seen.  */
  if (dm_heap_holds (addr, size))
    return 1;
  /* Static data of a loaded object (the declare target variables copied
     when the device starts, before main): the loader's lock-free lookup,
     no snapshot, which would then be older than what the program maps
     before its first construct.  */
  struct dl_find_object o;
  if (_dl_find_object && _dl_find_object ((void *) addr, &o) == 0
      && addr + size <= (uintptr_t) o.dlfo_map_end)
    return 1;
  /* Elsewhere a mapping must be readable, not only mapped: a thread's
     stack guard, say, is mapped without access.  */
  return dm_host_readable (addr, size);
}

int
dm_host_readable (uintptr_t addr, size_t size)
{
  if (addr + size < addr)
    return 0;
  struct dm_rd_snap *s = dm_rd_cur;
  if (s && dm_rd_holds (s, addr, size))
    return 1;
  /* Not in the snapshot.  A range whose first or last page no mapping
     holds (a garbage pointer, met again at every construct that maps
     its structure) is told by two system calls; a new mapping is read.
     mincore, which reads nothing at the address (msync is taken for a
     read of the range by valgrind's memcheck), fails with ENOMEM on a
     page that is not mapped.  */
  uintptr_t page = (uintptr_t) sysconf (_SC_PAGESIZE);
  uintptr_t lo = addr & ~(page - 1);
  uintptr_t last = (addr + (size ? size : 1) - 1) & ~(page - 1);
  unsigned char v;
  int saved = errno;
  int unmapped = (mincore ((void *) lo, 1, &v) != 0 && errno == ENOMEM)
		 || (last != lo && mincore ((void *) last, 1, &v) != 0
		     && errno == ENOMEM);
  errno = saved;
  if (unmapped)
    return 0;
  pthread_mutex_lock (&dm_rd_lock);
  struct dm_rd_snap *n = dm_rd_read (dm_rd_cur);
  if (n)
    dm_rd_cur = n;
  pthread_mutex_unlock (&dm_rd_lock);
  return !n || dm_rd_holds (n, addr, size);
}
