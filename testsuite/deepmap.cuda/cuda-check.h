/* cuda-check.h -- helpers of the deepmap.cuda tests: dm-check.h's CHECK
   macros, and the fake driver's own functions (fakecuda.h) found with
   dlsym in the library the runtime loaded (DEEPMAP_CUDA_LIBRARY).  */
#ifndef CUDA_CHECK_H
#define CUDA_CHECK_H

#include <dlfcn.h>
#include <stdint.h>

#include "../deepmap.runtime/dm-check.h"
#include "fakecuda.h"

/* GCC 12's entry points the synthetic-image tests call directly.  */
extern void GOMP_offload_register_ver (unsigned, const void *, int,
				       const void *);
extern void GOMP_target_ext (int, void (*) (void *), size_t, void **,
			     size_t *, unsigned short *, unsigned int,
			     void **, void **);

/* Device addresses of the fake have bit 47 set.  */
#define FK_IS_DEVICE_ADDR(p) (((uintptr_t) (p) >> 47) == 1)

static inline void *
fk_handle (void)
{
  static void *h;
  if (h == NULL)
    {
      const char *path = getenv ("DEEPMAP_CUDA_LIBRARY");
      CHECK (path != NULL, "DEEPMAP_CUDA_LIBRARY is not set");
      h = dlopen (path, RTLD_NOW);
      CHECK (h != NULL, "cannot open %s: %s", path, dlerror ());
    }
  return h;
}

static inline void *
fk_sym (const char *name)
{
  void *f = dlsym (fk_handle (), name);
  CHECK (f != NULL, "the fake driver lacks %s", name);
  return f;
}

static inline unsigned long
fk_count (const char *what)
{
  return ((fakecuda_count_fn) fk_sym ("fakecuda_count")) (what);
}

static inline unsigned long
fk_last_launch (struct fakecuda_launch *l)
{
  return ((fakecuda_last_launch_fn) fk_sym ("fakecuda_last_launch")) (l);
}

/* Fill P with a pattern depending on SEED.  */
static inline void
fk_fill (unsigned char *p, size_t n, unsigned seed)
{
  for (size_t i = 0; i < n; i++)
    p[i] = (unsigned char) ((i * 131 + seed * 7 + (i >> 12)) & 0xff);
}

/* The first index where P differs from the pattern, or N.  */
static inline size_t
fk_verify (const unsigned char *p, size_t n, unsigned seed)
{
  for (size_t i = 0; i < n; i++)
    if (p[i] != (unsigned char) ((i * 131 + seed * 7 + (i >> 12)) & 0xff))
      return i;
  return n;
}

#endif
