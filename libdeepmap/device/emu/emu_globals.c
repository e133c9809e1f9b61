/* emu_globals.c -- declare-target variables around an emulated region
   (see emu_globals.h).  */
#include <stdlib.h>
#include <string.h>

#include "device/emu/emu_globals.h"
#include "support/error.h"

/* DST[b] = NOW[b] wherever NOW[b] != REF[b], for B < SIZE; unchanged
   stretches are skipped a page at a time.  */
static void
dm_merge_changed (char *dst, const char *now, const char *ref, size_t size)
{
  for (size_t c = 0; c < size; c += 4096)
    {
      size_t n = size - c < 4096 ? size - c : 4096;
      if (memcmp (now + c, ref + c, n) == 0)
	continue;
      for (size_t b = c; b < c + n; b++)
	if (now[b] != ref[b])
	  dst[b] = now[b];
    }
}

/* Exchange the device copies with the host values.  IN: SAVE gets each
   host value; where the device copy differs, the host address gets the
   device value (SWAPPED[i]), which SEEN keeps.  OUT: region code may
   have written a variable at its host address or through the device
   address a map clause passed it; bytes that changed at the host address
   go to the device copy, then the host value comes back.  A variable
   whose device copy equals the host value (after a target update, or
   never written) costs a compare and a copy in, a compare out.  SAVE and
   SEEN hold the variables' sizes in order.  */
static void
dm_globals_swap (const struct dm_global_ref *refs, size_t n, char *save,
		 char *seen, unsigned char *swapped, int in)
{
  size_t off = 0;
  for (size_t i = 0; i < n; i++)
    {
      char *host = (char *) refs[i].host, *d = (char *) refs[i].dev;
      size_t size = refs[i].size;
      char *before = save + off, *entry = seen + off;
      off += size;
      if (in)
	{
	  memcpy (before, host, size);
	  swapped[i] = memcmp (host, d, size) != 0;
	  if (swapped[i])
	    {
	      memcpy (entry, d, size);
	      memcpy (host, d, size);
	    }
	  continue;
	}
      /* What the host address held on entry: the device value.  */
      const char *ref = swapped[i] ? entry : before;
      if (!swapped[i] && memcmp (host, before, size) == 0)
	continue;
      dm_merge_changed (d, host, ref, size);
      memcpy (host, before, size);
    }
}

int
dm_emu_globals_run (struct dm_emu_globals *keep,
		    const struct dm_global_ref *refs, size_t n,
		    int (*run) (void *arg), void *arg)
{
  size_t total = 0;
  for (size_t i = 0; i < n; i++)
    total += refs[i].size;
  size_t need = 2 * total + n + 1;
  if (keep->size < need)
    {
      free (keep->buf);
      keep->buf = malloc (need);
      keep->size = keep->buf ? need : 0;
      if (!keep->buf)
	{
	  dm_set_reason ("out of host memory saving %zu bytes of declare "
			 "target variables", total);
	  return -1;
	}
    }
  char *save = keep->buf;
  unsigned char *swapped = (unsigned char *) save + 2 * total;
  dm_globals_swap (refs, n, save, save + total, swapped, 1);
  int r = run (arg);
  dm_globals_swap (refs, n, save, save + total, swapped, 0);
  return r;
}
