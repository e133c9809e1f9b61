/* dir-check.h -- helpers for the deepmap.directory tests, on top of the
   deepmap.runtime ones (CHECK, CHECK_INTS, dm_mapped, dm_dev_read...).

   The directory keeps one device copy per host interval: wherever host
   bytes P and P+I are both present in one fused block, their device
   addresses differ by I as well.  DIR_CHECK_OFFSET and DIR_CHECK_RANGE
   check that through omp_get_mapped_ptr.  */
#ifndef DIR_CHECK_H
#define DIR_CHECK_H

#include "../deepmap.runtime/dm-check.h"

/* Device address of BASE + OFF (bytes) is the device address of BASE plus
   OFF: both ends lie in one fused device block.  */
static inline void
dir_check_offset (const void *base, size_t off, int dev, const char *what)
{
  char *d0 = dm_mapped (base, dev);
  char *d1 = dm_mapped ((const char *) base + off, dev);
  CHECK (d1 - d0 == (long) off,
	 "%s: device(host %p + %zu) - device(host %p) = %ld, expected %zu",
	 what, base, off, base, (long) (d1 - d0), off);
}

/* Every element of host [BASE, BASE + N * ELT) is present and mapped at
   device(BASE) + its offset.  */
static inline void
dir_check_range (const void *base, size_t n, size_t elt, int dev,
		 const char *what)
{
  for (size_t i = 0; i < n; i++)
    {
      const char *p = (const char *) base + i * elt;
      CHECK (omp_target_is_present (p, dev),
	     "%s: element %zu (host %p) is not present", what, i,
	     (const void *) p);
      dir_check_offset (base, i * elt, dev, what);
    }
}

/* No element of host [BASE, BASE + N * ELT) is present.  */
static inline void
dir_check_absent (const void *base, size_t n, size_t elt, int dev,
		  const char *what)
{
  for (size_t i = 0; i < n; i++)
    {
      const char *p = (const char *) base + i * elt;
      CHECK (!omp_target_is_present (p, dev),
	     "%s: element %zu (host %p) is present", what, i,
	     (const void *) p);
      CHECK (omp_get_mapped_ptr (p, dev) == NULL,
	     "%s: element %zu (host %p) has a device address %p", what, i,
	     (const void *) p, omp_get_mapped_ptr (p, dev));
    }
}

#endif
