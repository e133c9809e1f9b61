/* devices.h -- the OpenMP device numbers (devices.c): the entry points
   turn a device argument into a started device of some backend, or into
   the host.  */
#ifndef DM_DEVICES_H
#define DM_DEVICES_H

#include "engine/devstate.h"

/* The device a target region for FN runs on: dm_device_resolve's, unless
   that device has no code for FN, when the region runs on the host
   (NULL), or with OMP_TARGET_OFFLOAD=mandatory is a fatal error.  */
struct dm_device *dm_device_for_region (int device, void (*fn) (void *));

/* The default-device ICV (omp_set_default_device, OMP_DEFAULT_DEVICE);
   read and written atomically.  */
extern int dm_default_device_var;

/* Sections the plugin's transfer hoisting keeps on the default device
   now (enter data of the default device, not yet exited), counted over
   all threads, and the loop or run of the first ("FILE:LINE"): while
   any is kept, changing the default device would send the loop's next
   constructs elsewhere, where the host's bytes are stale.  */
extern int dm_hoisted_on_default;
extern const char *dm_hoisted_where;

/* A hoisted enter data of the default device for the loop or run WHERE
   of the N sections at HOSTADDRS (SIZES), and an exit data.  They count
   sections, not calls: a loop whose sections wait for their first
   constructs enters them in several calls, some never, and exits them
   all in one.  */
void dm_hoist_kept_enter (const char *where, size_t n, void **hostaddrs,
			  const size_t *sizes);
void dm_hoist_kept_exit (size_t n, void **hostaddrs, const size_t *sizes);

/* Number of offload devices (not counting the host).  */
int dm_num_devices (void);

/* Device number N, or NULL when N is out of range.  */
struct dm_device *dm_device_get (int n);

/* Resolve the device argument of an entry point: DM_DEVICE_ICV means the
   default device.  Returns NULL when the construct must run on the host
   (initial device, host fallback, OMP_TARGET_OFFLOAD=disabled); with
   OMP_TARGET_OFFLOAD=mandatory an unusable device is a fatal error naming
   CONSTRUCT.  */
struct dm_device *dm_device_resolve (int device, const char *construct);

#endif
