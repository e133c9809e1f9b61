/* hoistcheck.h -- the records of transfer hoisting, and DEEPMAP_CHECK
   for it.  The plugin keeps a host section on the device across a loop
   or a run of constructs (plugin/dm-hoist.c) because it proved the host
   does not touch the section there, except where it inserted target
   updates.  The enter data, exit data and updates it inserts end with a
   record (struct deepmap_hoist_site, deepmap.h) that names the sections;
   in check mode the runtime verifies the proof at run time from a
   checksum of the host bytes.  */
#ifndef DM_HOISTCHECK_H
#define DM_HOISTCHECK_H

#include <stddef.h>

#include "deepmap.h"

/* The record that ends the list of a GOMP_* call (its last entry, of
   kind DEEPMAP_HOIST_KIND), or NULL: one comparison for any other
   call.  */
static inline const struct deepmap_hoist_site *
dm_hoist_site (size_t mapnum, void **hostaddrs, const unsigned short *kinds)
{
  if (__builtin_expect (mapnum == 0 || kinds[mapnum - 1] != DEEPMAP_HOIST_KIND,
			1))
    return NULL;
  const struct deepmap_hoist_site *hs = hostaddrs[mapnum - 1];
  if (!hs || hs->magic != DEEPMAP_HOIST_MAGIC || hs->n != mapnum - 1)
    return NULL;
  return hs;
}

/* Entry I of record HS.  */
static inline const struct deepmap_hoist_entry *
dm_hoist_entry (const struct deepmap_hoist_site *hs, size_t i)
{
  return (const struct deepmap_hoist_entry *) (hs + 1) + i;
}

/* DEEPMAP_CHECK, for the call of HS on the sections HOSTADDRS[i],
   SIZES[i] (i < HS->n), on a device (not the host fallback).  An enter
   data: the device now holds them, remember their bytes.  An exit data,
   before it copies anything back: their bytes must be as remembered
   (else one `deepmap: error:' line and exit).  An update, once done
   (FORGET: queued, not done yet): the host bytes of the sections it
   overlaps changed on purpose; remember them again (or stop checking
   them).  Nothing when DEEPMAP_CHECK is off.  */
void dm_hoist_check (const struct deepmap_hoist_site *hs, void **hostaddrs,
		     const size_t *sizes, int forget);

/* DEEPMAP_CHECK: the runtime itself changed the host bytes [HOST, HOST +
   SIZE) (a pointer a region stored came back, dir-back.c): the sections
   they overlap are remembered anew.  */
void dm_hoist_check_host_changed (const void *host, size_t size);

#endif
