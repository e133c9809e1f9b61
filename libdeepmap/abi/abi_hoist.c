/* abi_hoist.c -- the run-time tests that objects compiled by earlier
   plugins call when a loop keeps many sections (deepmap.h): that those
   it cannot tell apart are disjoint (deepmap_sections_apart), and that
   no caller holds any of them mapped (deepmap_sections_absent).  The
   plugin now builds the same tests into each unit (plugin/dm-tests.c),
   so that its binaries need no deepmap runtime to hoist; these stay for
   the binaries already built.  */
#include <omp.h>
#include <stddef.h>
#include <stdint.h>

#include "deepmap.h"
#include "support/export.h"

DM_EXPORT int
deepmap_sections_apart (const void *ends, const void *pairs, size_t npairs)
{
  const uintptr_t *e = ends;
  const unsigned short *p = pairs;
  for (size_t k = 0; k < npairs; k++)
    {
      const uintptr_t *a = e + 2 * (size_t) p[2 * k];
      const uintptr_t *b = e + 2 * (size_t) p[2 * k + 1];
      if (a[1] > b[0] && b[1] > a[0])
	return 0;
    }
  return 1;
}

DM_EXPORT int
deepmap_sections_absent (const void *ends, const void *device, size_t n)
{
  const uintptr_t *e = ends;
  int dev = *(const int *) device;
  /* -1 is GOMP_DEVICE_ICV, as the constructs pass it.  */
  if (dev == -1)
    dev = omp_get_default_device ();
  for (size_t k = 0; k < n; k++)
    {
      /* The first byte and the last (the one before, for no bytes), as
	 the inline test asks.  */
      const char *first = (const char *) e[2 * k];
      const char *last = (const char *) (e[2 * k + 1] - 1);
      if (omp_target_is_present (first, dev)
	  || omp_target_is_present (last, dev))
	return 0;
    }
  return 1;
}
