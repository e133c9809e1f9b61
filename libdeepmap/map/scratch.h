/* scratch.h -- per-call arrays sized by a construct's list: on the stack
   when small, on the heap when long.  Deep copy expands one clause into
   a list item per reached object (millions for a long list), and the
   stack is 8 MiB: alloca of such sizes overflowed it.  */
#ifndef DM_SCRATCH_H
#define DM_SCRATCH_H

#include <stddef.h>
#include <stdlib.h>

#include "support/error.h"

#define DM_SCRATCH_STACK_MAX ((size_t) 16384)

static inline void *
dm_scratch_heap (size_t size)
{
  void *p = malloc (size);
  if (!p)
    dm_fatal ("out of host memory for a %zu-byte list of map items", size);
  return p;
}

/* SIZE bytes for the calling function; give them back with
   dm_scratch_free (P, SIZE) before it returns.  */
#define DM_SCRATCH(size)						\
  ((size) <= DM_SCRATCH_STACK_MAX ? __builtin_alloca (size)		\
				  : dm_scratch_heap (size))

static inline void
dm_scratch_free (void *p, size_t size)
{
  if (size > DM_SCRATCH_STACK_MAX)
    free (p);
}

#endif
