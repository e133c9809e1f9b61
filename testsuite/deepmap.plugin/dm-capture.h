/* dm-capture.h -- a strong deepmap_annotate for plugin tests: it records
   what the plugin-emitted code passes, so that tests can check items and
   descriptors without the runtime.  (The program's definition takes
   precedence over any libgomp's.)  */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stddef.h>
#include "deepmap.h"

#ifndef deepmap_counted_by
# ifdef __DEEPMAP_PLUGIN__
#  define deepmap_counted_by(f) __attribute__ ((__counted_by__ (f)))
# else
#  define deepmap_counted_by(f)
# endif
#endif

#define CAP_MAX 16
static struct deepmap_annotation cap_items[CAP_MAX];
static size_t cap_n;
static int cap_calls;

void
deepmap_annotate (size_t n, const struct deepmap_annotation *items)
{
  if (n > CAP_MAX)
    abort ();
  memcpy (cap_items, items, n * sizeof *items);
  cap_n = n;
  cap_calls++;
}

#include "check.h"

/* The descriptor announced for HOST by the last call, or NULL.  */
static const struct deepmap_type *
cap_type (const void *host)
{
  for (size_t i = 0; i < cap_n; i++)
    if (cap_items[i].host == host)
      return cap_items[i].type;
  return NULL;
}

/* Field NAME of T, checked to exist.  */
static const struct deepmap_field *
cap_field (const struct deepmap_type *t, const char *name)
{
  for (size_t i = 0; i < t->nfields; i++)
    if (!strcmp (t->fields[i].name, name))
      return &t->fields[i];
  printf ("no field %s in %s\n", name, t->name);
  abort ();
}

static void
cap_reset (void)
{
  cap_n = 0;
  cap_calls = 0;
}
