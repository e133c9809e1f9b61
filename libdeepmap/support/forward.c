/* forward.c -- reach the system libgomp for everything deepmap does not
   implement itself.

   The generated build/gen/forward-stubs.S (libdeepmap/support/gen-forward.sh)
   defines, for each forwarded (name, version) pair K = 0 .. count - 1:
     - a stub exported as name@@version or name@version that jumps to
       dm_forward_table[K], or calls dm_forward_init first when the slot
       is still empty (a call before our constructor ran);
     - the K-th "name\0version\0" pair of dm_forward_strings;
   plus dm_forward_count, the number of pairs, and dm_forward_table, the
   zero-initialised slots this file fills with dlvsym results.  All three
   are hidden.  Strings rather than an array of pointers keep the list free
   of relocations.

   The system library is opened by absolute path, so glibc loads it as a
   second object beside us even though both have the soname libgomp.so.1;
   RTLD_LOCAL keeps its symbols from interposing ours.  */

#define _GNU_SOURCE 1
#include <dlfcn.h>
#include <link.h>
#include <pthread.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "support/error.h"
#include "support/forward.h"

#ifndef DM_SYSTEM_LIBGOMP
# error "DM_SYSTEM_LIBGOMP (the system libgomp's absolute path) is not defined"
#endif

#define DM_FORWARD_ENV "DEEPMAP_SYSTEM_LIBGOMP"

static pthread_once_t dm_forward_once = PTHREAD_ONCE_INIT;
static void *dm_forward_handle;
static const char *dm_forward_path;

/* The link map of the object holding this code: deepmap's library.  */
static struct link_map *
dm_forward_self (void)
{
  Dl_info info;
  struct link_map *self = NULL;

  if (!dladdr1 ((void *) &dm_forward_init, &info, (void **) &self,
		RTLD_DL_LINKMAP))
    return NULL;
  return self;
}

/* The address span of deepmap's own loaded segments, to refuse a symbol
   that resolves back into us (a library depending on libgomp.so.1 finds
   us through its dependencies).  Cheaper than dladdr per symbol.  */
static uintptr_t dm_forward_self_lo, dm_forward_self_hi;

static int
dm_forward_span_cb (struct dl_phdr_info *info, size_t size, void *arg)
{
  uintptr_t here = (uintptr_t) arg, lo = UINTPTR_MAX, hi = 0;
  int i;

  for (i = 0; i < info->dlpi_phnum; i++)
    {
      const ElfW (Phdr) *ph = &info->dlpi_phdr[i];
      uintptr_t start = info->dlpi_addr + ph->p_vaddr;

      if (ph->p_type != PT_LOAD)
	continue;
      if (start < lo)
	lo = start;
      if (start + ph->p_memsz > hi)
	hi = start + ph->p_memsz;
    }
  if (here < lo || here >= hi)
    return 0;
  dm_forward_self_lo = lo;
  dm_forward_self_hi = hi;
  return 1;
}

static void
dm_forward_open (void)
{
  const char *path = secure_getenv (DM_FORWARD_ENV);
  const char *origin = DM_FORWARD_ENV;
  struct link_map *lib = NULL, *self;

  if (path == NULL || *path == '\0')
    {
      path = DM_SYSTEM_LIBGOMP;
      origin = "the path found at build time";
    }
  if (path[0] != '/')
    dm_fatal ("cannot open the system libgomp, %s (from %s), not an "
	      "absolute path; set %s to one", path, origin, DM_FORWARD_ENV);

  dlerror ();
  dm_forward_handle = dlopen (path, RTLD_NOW | RTLD_LOCAL);
  if (dm_forward_handle == NULL)
    {
      const char *why = dlerror ();
      dm_fatal ("cannot open the system libgomp, %s (from %s), %s; set %s "
		"to the absolute path of GCC's libgomp.so.1", path, origin,
		why ? why : "unknown reason", DM_FORWARD_ENV);
    }

  /* glibc hands back an object already loaded from the same file, so
     naming deepmap's own library (or a copy that is loading us) shows as
     the same link map: forwarding to it would loop forever.  */
  self = dm_forward_self ();
  if (dlinfo (dm_forward_handle, RTLD_DI_LINKMAP, &lib) != 0 || lib == NULL)
    dm_fatal ("cannot inspect the system libgomp, %s (from %s), %s", path,
	      origin, dlerror ());
  if (self != NULL && lib == self)
    dm_fatal ("cannot forward to %s (from %s), it is deepmap's own "
	      "library; set %s to GCC's libgomp.so.1 (gcc "
	      "-print-file-name=libgomp.so.1)", path, origin, DM_FORWARD_ENV);
  dm_forward_path = path;
  dl_iterate_phdr (dm_forward_span_cb, (void *) &dm_forward_init);
}

/* Resolve NAME at VERSION (any version when VERSION is NULL).  */
static void *
dm_forward_lookup (const char *name, const char *version)
{
  void *sym;

  dlerror ();
  sym = version ? dlvsym (dm_forward_handle, name, version)
		: dlsym (dm_forward_handle, name);
  if (sym == NULL)
    {
      const char *why = dlerror ();
      dm_fatal ("missing symbol %s@%s, system libgomp %s, %s", name,
		version ? version : "*", dm_forward_path,
		why ? why : "the symbol is NULL");
    }
  /* A symbol defined by deepmap itself would make its stub call itself.  */
  if ((uintptr_t) sym >= dm_forward_self_lo
      && (uintptr_t) sym < dm_forward_self_hi)
    dm_fatal ("symbol %s@%s resolves to deepmap itself, system libgomp %s, "
	      "set %s to GCC's libgomp.so.1", name, version ? version : "*",
	      dm_forward_path, DM_FORWARD_ENV);
  return sym;
}

static void
dm_forward_fill (void)
{
  const char *p = dm_forward_strings;
  size_t k;

  dm_forward_open ();
  for (k = 0; k < dm_forward_count; k++)
    {
      const char *name = p;
      const char *version = name + strlen (name) + 1;
      void *sym = dm_forward_lookup (name, version);

      p = version + strlen (version) + 1;
      /* Stubs on other threads read the slot without a lock.  */
      __atomic_store_n (&dm_forward_table[k], sym, __ATOMIC_RELEASE);
    }
}

void
dm_forward_init (void)
{
  pthread_once (&dm_forward_once, dm_forward_fill);
}

void *
dm_forward_symbol (const char *name, const char *version)
{
  dm_forward_init ();
  return dm_forward_lookup (name, version);
}

/* Before any other constructor of ours, and before any library that
   depends on libgomp, so forwarded calls from their constructors work.  */
static void __attribute__ ((constructor (101)))
dm_forward_constructor (void)
{
  dm_forward_init ();
}
