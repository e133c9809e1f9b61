/* hostpatch.h -- deep copy's reads of host structures against the pcpy
   strategy's patches of them.

   The pcpy strategy (dir-plan.c) writes device addresses into host
   objects for the moment of their transfer.  Deep copy's own reads of
   host structures outside a device lock (the expansion, deepcopy.c;
   the DEEPMAP_CHECK comparisons, deepcheck.c) happen between
   dm_deep_walk_begin and dm_deep_walk_end, and a patch only between a
   successful dm_deep_patch_begin and dm_deep_patch_end, so no walk in
   another thread follows a patched pointer.  dm_deep_patch_begin never
   waits: its caller holds a device lock, which a walk may ask for; on 0
   the caller patches a copy instead.  */
#ifndef DM_HOSTPATCH_H
#define DM_HOSTPATCH_H

void dm_deep_walk_begin (void);
void dm_deep_walk_end (void);
int dm_deep_patch_begin (void);
void dm_deep_patch_end (void);

#endif
