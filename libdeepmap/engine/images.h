/* images.h -- offload images: the host tables GCC emits (functions and
   declare-target variables of every translation unit) and the device
   images registered with them through GOMP_offload_register_ver.  */
#ifndef DM_IMAGES_H
#define DM_IMAGES_H

#include "support/ompabi.h"

#include <stddef.h>
#include <stdint.h>

struct dm_device;

/* One registration: a host table with the device image of one type.  */
struct dm_image
{
  struct dm_host_table table;
  int device_type;		/* DM_DEVTYPE_*, or 0 for "host tables only" */
  const void *target_data;	/* the device image, NULL for host only */
  /* The variables' values when registered, of those not all zero, one
     after the other; INITIAL_OF[i]: variable I's, NULL when all zero
     (a .bss array of hundreds of megabytes costs nothing to keep).  */
  char *initial;
  const char **initial_of;
  unsigned char *loaded;	/* per started device: loaded there */
  uint64_t module_id;		/* OMPT's name for it */
  struct dm_image *next;
};

/* All registered images, newest first (guarded by dm_images_lock).  */
extern struct dm_image *dm_images;

/* Find the host tables of objects built without offload images and note
   their variables' initial values; called from the library constructor,
   before the program's constructors and main can change them.  */
void dm_images_scan (void);

/* What loading and unloading images and running regions need of the
   mapping layer above: entering a declare-target variable for good
   (served by DEVADDR, or with DEVADDR 0 by a new device copy holding
   INITIAL, or zeros where INITIAL is NULL) and forgetting it; forgetting whatever is mapped in host
   [S, E) (a library's data at dlclose: returns the bytes still mapped);
   the device address of a mapped host address (NULL if not mapped).
   Installed once at start-up (abi/init.c), before any device starts.  */
struct dm_image_mapper
{
  void (*declare) (struct dm_device *dev, uintptr_t host, size_t size,
		   uintptr_t devaddr, const void *initial);
  void (*undeclare) (struct dm_device *dev, uintptr_t host);
  size_t (*forget) (struct dm_device *dev, uintptr_t s, uintptr_t e);
  void *(*translate_part) (struct dm_device *dev, const void *host,
			   size_t size, uintptr_t *lo, uintptr_t *hi);
};

void dm_images_set_mapper (const struct dm_image_mapper *mapper);

/* Called once the devices have started: load every image registered so
   far on each device that can use it; later registrations load at once.  */
void dm_images_devices_started (struct dm_device *devs, int n);

/* OMPT: device_load events for every image loaded so far (LOAD), or
   device_unload events for them (process exit).  */
void dm_images_ompt_replay (int load);

/* Called when the devices shut down (process exit): later
   unregistrations only forget their images.  */
void dm_images_devices_stopped (void);

/* Run a region on DEV, synchronously or queued on Q.  On a device that
   runs host code, the declare target variables hold their device values
   at their host addresses for the duration (regions on such a device
   that use them are serialised and run synchronously, after what Q
   holds); on others, link variables' pointers are set first.  */
struct dm_launch;
struct dm_queue;
int dm_run_with_globals (struct dm_device *dev, const struct dm_launch *l,
			 struct dm_queue *q);

#endif
