/* images.h -- offload images: the host tables GCC emits (functions and
   declare-target variables of every translation unit) and the device
   images registered with them through GOMP_offload_register_ver.  */
#ifndef DM_IMAGES_H
#define DM_IMAGES_H

#include <stddef.h>
#include <stdint.h>

struct dm_device;

/* GCC's host table: two arrays, delimited by begin/end pointers.  FUNCS
   holds host function addresses; VARS holds (address, size) pairs, where
   the size's top bit marks a "declare target link" variable.  */
struct dm_host_table
{
  void *const *funcs_begin, *const *funcs_end;
  const uintptr_t *vars_begin, *vars_end;
};

#define DM_VAR_LINK_BIT ((uintptr_t) 1 << (sizeof (uintptr_t) * 8 - 1))

static inline size_t
dm_host_table_nvars (const struct dm_host_table *t)
{
  return (size_t) (t->vars_end - t->vars_begin) / 2;
}

/* One registration: a host table with the device image of one type.  */
struct dm_image
{
  struct dm_host_table table;
  int device_type;		/* DM_DEVTYPE_*, or 0 for "host tables only" */
  const void *target_data;	/* the device image, NULL for host only */
  char *initial;		/* the variables' values when registered */
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
