/* abi_hoist.c -- the run-time test the plugin's transfer hoisting calls
   when a loop keeps many sections it cannot tell apart (deepmap.h,
   deepmap_sections_apart): one call and a table instead of a comparison
   per pair in the program's code.  */
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
