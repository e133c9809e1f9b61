/* emu_globals.c -- declare-target variables around an emulated region
   (see emu_globals.h).  */
#include <stdlib.h>
#include <string.h>

#include "device/emu/emu_globals.h"
#include "support/contenthash.h"
#include "support/error.h"

/* swapped[] states: hashes only, a copy, or left alone: a variable in
   read-only host memory (a const table) whose device copy is its host
   value; region code cannot write it, and putting it in place would
   fault.  */
enum { DM_GLOBALS_HASHED, DM_GLOBALS_COPIED, DM_GLOBALS_READ_ONLY };

/* Pages of a variable, for the hashes that tell what changed.  */
#define DM_GLOBALS_PAGE ((size_t) 4096)

/* Variables under this size are copied in any case: cheap, and exact
   whatever the region does.  */
#define DM_GLOBALS_HASH_MIN ((size_t) 1 << 20)

static size_t
dm_globals_pages (size_t size)
{
  return (size + DM_GLOBALS_PAGE - 1) / DM_GLOBALS_PAGE;
}

/* The hash of page P of the SIZE bytes at BASE.  */
static uint64_t
dm_globals_page_hash (const char *base, size_t size, size_t p)
{
  size_t c = p * DM_GLOBALS_PAGE;
  size_t n = size - c < DM_GLOBALS_PAGE ? size - c : DM_GLOBALS_PAGE;
  return dm_content_hash (base + c, n, n, 1);
}

/* DST[b] = NOW[b] wherever NOW[b] != REF[b], for B < SIZE; unchanged
   stretches are skipped a page at a time.  */
static void
dm_merge_changed (char *dst, const char *now, const char *ref, size_t size)
{
  for (size_t c = 0; c < size; c += DM_GLOBALS_PAGE)
    {
      size_t n = size - c < DM_GLOBALS_PAGE ? size - c : DM_GLOBALS_PAGE;
      if (memcmp (now + c, ref + c, n) == 0)
	continue;
      for (size_t b = c; b < c + n; b++)
	if (now[b] != ref[b])
	  dst[b] = now[b];
    }
}

/* The room variable I needs between IN and OUT: its host value and the
   device value put in its place where the two differ (SWAPPED); where
   they are equal only a hash per page of them.  */
static size_t
dm_globals_room (const struct dm_global_ref *r, int swapped)
{
  /* A multiple of 8, so that the next variable's hashes are aligned.  */
  if (swapped == DM_GLOBALS_READ_ONLY)
    return 0;
  return swapped ? (2 * r->size + 7) & ~(size_t) 7
		 : dm_globals_pages (r->size) * sizeof (uint64_t);
}

/* The device copy equalled the host value on entry (D, HOST; H0: the
   hash of each page then): region code wrote at the host address, or
   through a device address it loaded from memory.  Where the host page
   did not change, both are right already.  Where it did and the device
   page did not, its changed bytes and the device's (the entry value)
   trade places: the device copy gets the writes, the host its value
   back.  Where both did, the entry value is lost: stop rather than
   guess.  */
static void
dm_globals_settle_equal (char *host, char *d, size_t size, const uint64_t *h0)
{
  for (size_t p = 0, c = 0; c < size; p++, c += DM_GLOBALS_PAGE)
    {
      size_t n = size - c < DM_GLOBALS_PAGE ? size - c : DM_GLOBALS_PAGE;
      if (dm_globals_page_hash (host, size, p) == h0[p])
	continue;
      if (dm_globals_page_hash (d, size, p) != h0[p])
	dm_fatal ("emulated device: a region wrote the declare target "
		  "variable at host %p (%zu bytes) both at its host address "
		  "and through its device address %p, near byte %zu: the "
		  "emulated device cannot tell the host's value from the "
		  "device's there", (void *) host, size, (void *) d, c);
      for (size_t b = c; b < c + n; b++)
	if (host[b] != d[b])
	  {
	    char v = host[b];
	    host[b] = d[b];
	    d[b] = v;
	  }
    }
}

/* Exchange the device copies with the host values.  IN: where a copy is
   kept (SWAPPED[i]: the device copy differs from the host value, or the
   variable is small, or the region was passed its device address), SAVE
   gets the host value and then the device value, which the host address
   gets too; otherwise only each page's hash goes into SAVE.  OUT:
   region code may have written a variable at its host address or
   through the device address a map clause passed it; bytes that changed
   at the host address go to the device copy, and the host value comes
   back.  A large variable whose device copy equals the host value (after
   a target update, or never written) costs a compare and a hash in, a
   hash out, and no copy.  */
static void
dm_globals_swap (const struct dm_global_ref *refs, size_t n, char *save,
		 const unsigned char *swapped, int in)
{
  size_t off = 0;
  for (size_t i = 0; i < n; i++)
    {
      char *host = (char *) refs[i].host, *d = (char *) refs[i].dev;
      size_t size = refs[i].size;
      char *room = save + off;
      off += dm_globals_room (&refs[i], swapped[i]);
      if (swapped[i] == DM_GLOBALS_READ_ONLY)
	continue;
      if (swapped[i] == DM_GLOBALS_HASHED)
	{
	  uint64_t *h = (uint64_t *) room;
	  if (in)
	    for (size_t p = 0; p < dm_globals_pages (size); p++)
	      h[p] = dm_globals_page_hash (d, size, p);
	  else
	    dm_globals_settle_equal (host, d, size, h);
	  continue;
	}
      char *before = room, *entry = room + size;
      if (in)
	{
	  memcpy (before, host, size);
	  memcpy (entry, d, size);
	  memcpy (host, d, size);
	  continue;
	}
      /* What the host address held on entry: the device value.  */
      dm_merge_changed (d, host, entry, size);
      memcpy (host, before, size);
    }
}

/* Does an argument of the region point into [D, D + SIZE]?  */
static int
dm_globals_passed (uintptr_t d, size_t size, const uintptr_t *args,
		   size_t nargs)
{
  for (size_t i = 0; i < nargs; i++)
    if (args[i] - d <= size)
      return 1;
  return 0;
}

/* The variable argument J stands for, N when none: the list item's host
   address (HOST_ARGS; none known: no variable) lies in the variable or
   one past its end, and the argument is its device address there.  Both
   must hold: a structure's base address (its members mapped, not its
   start) may land anywhere in device memory, and a host object may
   follow the variable at one past its end; the variable's copy owns the
   byte after it (map/directory.c), so no other object's device address
   is one past its end.  */
static size_t
dm_globals_holding (const struct dm_global_ref *refs, size_t n,
		    const uintptr_t *args, void *const *host_args, size_t j)
{
  if (!host_args)
    return n;
  uintptr_t h = (uintptr_t) host_args[j];
  for (size_t i = 0; i < n; i++)
    if (h - refs[i].host <= refs[i].size
	&& args[j] == refs[i].dev + (h - refs[i].host))
      return i;
  return n;
}

/* While the region runs, a variable's device value is at its host
   address, where the region's own code reaches it: an argument that
   points into its device copy (a map clause of it, GCC passes a mapped
   static variable so) is given the host address instead, so that the
   region reads and writes one copy, not two.  Undone by
   dm_globals_args_restore with what this returns (NULL: nothing
   changed, or out of host memory: the arguments stay device addresses,
   whose writes are merged as before).  */
static uintptr_t *
dm_globals_args_to_host (const struct dm_global_ref *refs, size_t n,
			 uintptr_t *args, void *const *host_args,
			 size_t nargs)
{
  uintptr_t *orig = NULL;
  for (size_t j = 0; j < nargs; j++)
    {
      size_t i = dm_globals_holding (refs, n, args, host_args, j);
      if (i == n)
	continue;
      if (!orig)
	{
	  orig = malloc (nargs * sizeof *orig);
	  if (!orig)
	    return NULL;
	  memcpy (orig, args, nargs * sizeof *orig);
	}
      args[j] = refs[i].host + (args[j] - refs[i].dev);
    }
  return orig;
}

static void
dm_globals_args_restore (uintptr_t *args, size_t nargs, uintptr_t *orig)
{
  if (!orig)
    return;
  memcpy (args, orig, nargs * sizeof *orig);
  free (orig);
}

int
dm_emu_globals_run (struct dm_emu_globals *keep,
		    const struct dm_global_ref *refs, size_t n,
		    uintptr_t *args, void *const *host_args, size_t nargs,
		    int (*run) (void *arg), void *arg)
{
  if (keep->nflags < n)
    {
      unsigned char *f = realloc (keep->swapped, n);
      if (!f)
	{
	  dm_set_reason ("out of host memory for %zu declare target "
			 "variables", n);
	  return -1;
	}
      keep->swapped = f;
      keep->nflags = n;
    }
  unsigned char *swapped = keep->swapped;
  size_t need = 1;
  for (size_t i = 0; i < n; i++)
    {
      /* A copy of the host value where the device copy differs, where
	 the region may write both addresses (it was passed the device
	 one), or where it is small: else hashes suffice.  */
      int differ = memcmp ((const void *) refs[i].host,
			   (const void *) refs[i].dev, refs[i].size) != 0;
      if (refs[i].read_only)
	{
	  if (differ)
	    {
	      dm_set_reason ("the declare target variable at host %p is "
			     "read-only memory there and its device copy "
			     "differs: the emulated device runs region code "
			     "at host addresses and cannot give it the device "
			     "value", (void *) refs[i].host);
	      return -1;
	    }
	  swapped[i] = DM_GLOBALS_READ_ONLY;
	  continue;
	}
      swapped[i] = refs[i].size < DM_GLOBALS_HASH_MIN || differ
		   || dm_globals_passed (refs[i].dev, refs[i].size, args,
					 nargs)
		   ? DM_GLOBALS_COPIED : DM_GLOBALS_HASHED;
      need += dm_globals_room (&refs[i], swapped[i]);
    }
  if (keep->size < need)
    {
      free (keep->buf);
      keep->buf = malloc (need);
      keep->size = keep->buf ? need : 0;
      if (!keep->buf)
	{
	  dm_set_reason ("out of host memory saving %zu bytes of declare "
			 "target variables", need);
	  return -1;
	}
    }
  dm_globals_swap (refs, n, keep->buf, swapped, 1);
  uintptr_t *orig = dm_globals_args_to_host (refs, n, args, host_args,
					     nargs);
  int r = run (arg);
  dm_globals_args_restore (args, nargs, orig);
  dm_globals_swap (refs, n, keep->buf, swapped, 0);
  return r;
}
