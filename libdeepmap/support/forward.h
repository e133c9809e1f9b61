/* forward.h -- access to the system libgomp, which serves every entry
   point deepmap does not implement (the generated stubs in
   build/gen/forward-stubs.S jump through a table filled here).  */
#ifndef DM_FORWARD_H
#define DM_FORWARD_H

#include <stddef.h>

/* Open the system libgomp by absolute path (DEEPMAP_SYSTEM_LIBGOMP, else
   the path found at build time) and resolve every forwarded symbol.
   Fatal error when the library or a symbol is missing.  Idempotent.  */
void dm_forward_init (void);

/* The system libgomp's definition of NAME at VERSION (for the entry points
   deepmap wraps); fatal error if absent.  */
void *dm_forward_symbol (const char *name, const char *version);

/* Declares REAL, a pointer of TYPE to the system libgomp's NAME at
   VERSION, looked up on first use: for wrappers that pass on.  */
#define DM_FORWARD_REAL(name, version, type)                            \
  static __typeof__ (type) real;                                        \
  if (__builtin_expect (real == NULL, 0))                               \
    real = (type) dm_forward_symbol (name, version)

/* The table the generated stubs jump through, its length, and the
   symbol names it is filled from (NUL-separated), all defined in
   build/gen/forward-stubs.S.  */
extern const size_t dm_forward_count __attribute__ ((visibility ("hidden")));
extern const char dm_forward_strings[] __attribute__ ((visibility ("hidden")));
extern void *dm_forward_table[] __attribute__ ((visibility ("hidden")));

#endif
