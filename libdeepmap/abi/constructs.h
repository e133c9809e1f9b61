/* constructs.h -- target constructs carried out on a device (see
   constructs.c), for the entry points and the nowait tasks.  */
#ifndef DM_CONSTRUCTS_H
#define DM_CONSTRUCTS_H

#include <stddef.h>

struct dm_device;

/* OMPT's target_map event for a construct's list on DEV (constructs.c):
   the items that map memory, with their device addresses now.  */
void dm_ompt_report_map (struct dm_device *dev, size_t mapnum,
			 void **hostaddrs, size_t *sizes,
			 unsigned short *kinds);

/* Constructs on DEV, synchronously (dm_target_async: queued on A's
   queue).  DEEP: what deep copy tells the mapping (map/mapping.h), or
   NULL.  */
struct dm_deep_info;
void dm_target_now (struct dm_device *dev, void (*fn) (void *),
		    size_t mapnum, void **hostaddrs, size_t *sizes,
		    unsigned short *kinds, void **args,
		    const struct dm_deep_info *deep);
void dm_target_checked (struct dm_device *dev, void (*fn) (void *),
			size_t mapnum, void **hostaddrs, size_t *sizes,
			unsigned short *kinds, void **args, void *check,
			const struct dm_deep_info *deep);
struct dm_async;
void dm_target_async (struct dm_async *a, void (*fn) (void *),
		      size_t mapnum, void **hostaddrs, size_t *sizes,
		      unsigned short *kinds, void **args,
		      const struct dm_deep_info *deep);
void dm_update_now (struct dm_device *dev, size_t mapnum, void **hostaddrs,
		    size_t *sizes, unsigned short *kinds);
void dm_enter_exit_now (struct dm_device *dev, int exit_data, size_t mapnum,
			void **hostaddrs, size_t *sizes,
			unsigned short *kinds,
			const struct dm_deep_info *deep);

#endif
