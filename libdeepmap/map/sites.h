/* sites.h -- the deep items of constructs, registered as static data.

   The plugin describes each construct that maps deep items by its
   map-kind array (a target construct whose kinds are computed at run
   time, by its outlined function): a site says that entry INDEX of the
   construct's host address array has elements of a descriptor's type
   (struct deepmap_site in deepmap.h).  Each translation unit's
   constructor registers its sites (deepmap_register_sites), its
   destructor unregisters them.  At a GOMP_* call the kinds pointer (or
   the function) finds the construct's sites, and the runtime announces
   them as deepmap_annotate would have.  */
#ifndef DM_SITES_H
#define DM_SITES_H

#include <stddef.h>

#include "deepmap.h"

/* Constructs registered now: zero in every program built without the
   plugin, so the lookup costs one load there.  */
extern size_t dm_sites_constructs;

/* The construct whose map-kind array (or function) is KINDS: write at
   most CAP annotations {hostaddrs[index], type} of its sites (those with
   index < MAPNUM) to OUT, and their entries to INDEX, and return how
   many it has (0 when it has none).  */
size_t dm_sites_find (const void *kinds, size_t mapnum, void **hostaddrs,
		      struct deepmap_annotation *out, size_t *index,
		      size_t cap);

#endif
