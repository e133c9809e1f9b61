/* hostmem.c -- the read-only segments of the loaded objects (see
   hostmem.h).

   Automatic deep copy may map what a structure's pointer reaches, and a
   `char *' field often points to a string literal: copying such bytes
   back (a tofrom map) would write read-only memory and fault.  The
   segments come from dl_iterate_phdr: loadable segments without write
   permission, and the parts made read-only after relocation
   (PT_GNU_RELRO).  They are kept sorted, and read again when objects
   were loaded or unloaded since (dlpi_adds, dlpi_subs).  */
#define _GNU_SOURCE
#include <link.h>
#include <pthread.h>
#include <stddef.h>
#include <stdlib.h>

#include "support/hostmem.h"

struct dm_ro_range
{
  uintptr_t lo, hi;
};

static pthread_mutex_t dm_ro_lock = PTHREAD_MUTEX_INITIALIZER;
static struct dm_ro_range *dm_ro;
static size_t dm_ro_n, dm_ro_cap;
static unsigned long long dm_ro_adds = ~0ULL, dm_ro_subs = ~0ULL;

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

static void
dm_ro_add (uintptr_t lo, uintptr_t hi)
{
  if (lo >= hi)
    return;
  if (dm_ro_n == dm_ro_cap)
    {
      size_t cap = dm_ro_cap ? 2 * dm_ro_cap : 32;
      struct dm_ro_range *r = realloc (dm_ro, cap * sizeof *r);
      if (!r)
	return;			/* fewer ranges known: a fault, as before */
      dm_ro = r;
      dm_ro_cap = cap;
    }
  dm_ro[dm_ro_n].lo = lo;
  dm_ro[dm_ro_n].hi = hi;
  dm_ro_n++;
}

/* dl_iterate_phdr callback: the read-only segments of one object.  */
static int
dm_ro_scan (struct dl_phdr_info *info, size_t size, void *data)
{
  (void) size;
  (void) data;
  for (int i = 0; i < info->dlpi_phnum; i++)
    {
      const ElfW (Phdr) *p = &info->dlpi_phdr[i];
      if ((p->p_type == PT_LOAD && !(p->p_flags & PF_W))
	  || p->p_type == PT_GNU_RELRO)
	dm_ro_add (info->dlpi_addr + p->p_vaddr,
		   info->dlpi_addr + p->p_vaddr + p->p_memsz);
    }
  return 0;
}

static int
dm_ro_cmp (const void *a, const void *b)
{
  const struct dm_ro_range *x = a, *y = b;
  return x->lo < y->lo ? -1 : x->lo > y->lo;
}

int
dm_host_read_only (uintptr_t addr, size_t size)
{
  unsigned long long c[2] = { 0, 0 };
  dl_iterate_phdr (dm_ro_counts, c);
  pthread_mutex_lock (&dm_ro_lock);
  if (c[0] != dm_ro_adds || c[1] != dm_ro_subs)
    {
      dm_ro_n = 0;
      dl_iterate_phdr (dm_ro_scan, NULL);
      qsort (dm_ro, dm_ro_n, sizeof *dm_ro, dm_ro_cmp);
      dm_ro_adds = c[0];
      dm_ro_subs = c[1];
    }
  /* The last range that starts below the end of ours.  */
  size_t lo = 0, hi = dm_ro_n;
  while (lo < hi)
    {
      size_t mid = (lo + hi) / 2;
      if (dm_ro[mid].lo < addr + size)
	lo = mid + 1;
      else
	hi = mid;
    }
  int hit = 0;
  /* Ranges may nest (RELRO inside a loadable one): look back a few.  */
  for (size_t i = lo; i-- > 0 && !hit && lo - i <= 4;)
    hit = dm_ro[i].hi > addr;
  pthread_mutex_unlock (&dm_ro_lock);
  return hit;
}
