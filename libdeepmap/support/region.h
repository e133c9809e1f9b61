/* region.h -- the device a thread is currently running a target region
   for (NULL on the host); omp_is_initial_device () and omp_get_device_num ()
   read it.  Backends that run regions on host threads (the emulated
   device) bracket each region with these calls.  */
#ifndef DM_REGION_H
#define DM_REGION_H

#include "support/export.h"

struct dm_backend_dev;		/* device/device.h */

extern DM_TLS struct dm_backend_dev *dm_current_device;

/* Enter a region of DEV on this thread; returns what to restore.  */
struct dm_backend_dev *dm_region_enter (struct dm_backend_dev *dev);
void dm_region_exit (struct dm_backend_dev *prev);

/* After a region's code on this thread: how many teams it ran (1 where
   it has no teams construct); starts the count again.  */
unsigned dm_region_teams_take (void);

#endif
