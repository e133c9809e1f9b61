/* hostpatch.h -- deep copy's reads of host structures against the
   moments device addresses stand in them.

   The pcpy strategy (dir-plan.c) writes device addresses into host
   objects for the moment of their transfer, and a copy back straight
   into host memory (dir-back.c) brings the device's pointers along
   until it puts the host's back.  Deep copy's own reads of
   host structures outside a device lock (the expansion, deepcopy.c;
   the DEEPMAP_CHECK comparisons, deepcheck.c) happen between
   dm_deep_walk_begin and dm_deep_walk_end, and a patch only between a
   successful dm_deep_patch_begin and dm_deep_patch_end, so no walk in
   another thread follows a patched pointer.  dm_deep_patch_begin never
   waits: its caller holds a device lock, which a walk may ask for; on 0
   the caller does without (sends the object unpatched and writes its
   pointers after it; copies back through staging).  */
#ifndef DM_HOSTPATCH_H
#define DM_HOSTPATCH_H

void dm_deep_walk_begin (void);
void dm_deep_walk_end (void);
int dm_deep_patch_begin (void);
void dm_deep_patch_end (void);

/* In the child of a fork: walks that were under way in other threads
   are gone (no patch was: the fork held every device lock).  */
void dm_deep_host_lock_after_fork (void);

#endif
