/* hoistcheck.h -- DEEPMAP_CHECK for transfer hoisting: the plugin keeps
   a host section on the device across a loop or a run of constructs
   (plugin/dm-hoist.c) because it proved the host does not touch the
   section there, except where it inserted target updates.  Around what
   it inserts it calls these (weak references: absent under another
   libgomp); in check mode they verify the proof at run time from a
   checksum of the host bytes.  */
#ifndef DM_HOISTCHECK_H
#define DM_HOISTCHECK_H

#include <stddef.h>

/* The section HOST[0:SIZE] (NAME, kept across the loop or run at
   WHERE, "FILE:LINE") is now held by the device: remember its bytes.  */
void deepmap_hoist_enter (const void *host, size_t size, const char *name,
			  const char *where);
/* An inserted target update changed the host bytes on purpose.  */
void deepmap_hoist_sync (const void *host, size_t size);
/* Right before the exit data: the host bytes must be as remembered.  */
void deepmap_hoist_exit (const void *host, size_t size);

#endif
