/* constructs.c -- target constructs carried out on a device, once the
   entry points (abi_target.c) or a nowait task (nowait.c) have the
   construct's list: map, run and unmap a region; enter, exit data and
   update, synchronously; the host fallback; OMPT's view of the mapped
   items.  Both callers come down here; nothing here calls them.  */
#include <alloca.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "abi/constructs.h"
#include "engine/async.h"
#include "engine/devstate.h"
#include "engine/images.h"
#include "map/deepcopy.h"
#include "map/mapping.h"
#include "map/pipeline.h"
#include "map/strict.h"
#include "support/config.h"
#include "support/error.h"
#include "support/hostexec.h"
#include "support/ompabi.h"
#include "support/ompt.h"
#include "support/region.h"

/* Read num_teams and thread_limit from the launch arguments.  */
static void
dm_parse_launch_args (void **args, struct dm_launch *l)
{
  if (!args)
    return;
  while (*args)
    {
      intptr_t id = (intptr_t) *args++, val;
      if (id & DM_TARGET_ARG_SUBSEQUENT_PARAM)
	val = (intptr_t) *args++;
      else
	val = id >> DM_TARGET_ARG_VALUE_SHIFT;
      if ((id & DM_TARGET_ARG_DEVICE_MASK) != DM_TARGET_ARG_DEVICE_ALL)
	continue;
      val = val > INT_MAX ? INT_MAX : val;
      if ((id & DM_TARGET_ARG_ID_MASK) == DM_TARGET_ARG_NUM_TEAMS)
	l->num_teams = (int) val;
      else if ((id & DM_TARGET_ARG_ID_MASK) == DM_TARGET_ARG_THREAD_LIMIT)
	l->thread_limit = (int) val;
    }
}

/* Run a region on the host: firstprivate items get private copies, as
   on a device.  */
static void
dm_run_on_host (void (*fn) (void *), size_t mapnum, void **hostaddrs,
		size_t *sizes, unsigned short *kinds, void **args)
{
  struct dm_launch launch = { fn, (uintptr_t) hostaddrs, 0, 0, mapnum,
			      NULL, NULL };
  dm_parse_launch_args (args, &launch);
  size_t align = 16;
  size_t total = dm_firstprivate_size (mapnum, hostaddrs, sizes, kinds, 0,
				       &align);
  char *copies = NULL;
  if (total)
    {
      copies = aligned_alloc (align, (total + align - 1) & ~(align - 1));
      size_t *offsets = alloca (mapnum * sizeof *offsets);
      if (!copies)
	dm_fatal ("target on the host: out of host memory for %zu bytes of "
		  "firstprivate data", total);
      dm_firstprivate_pack (mapnum, hostaddrs, sizes, kinds, copies, 0,
			    offsets);
      for (size_t i = 0; i < mapnum; i++)
	if ((kinds[i] & 0xff) == DM_MAP_FIRSTPRIVATE && hostaddrs[i])
	  hostaddrs[i] = copies + offsets[i];
    }
  if (dm_run_as_initial_thread (fn, hostaddrs, launch.thread_limit) != 0)
    dm_fatal ("target on the host: %s", dm_reason ());
  free (copies);
}

/* OMPT's mapping flags for a map kind; 0 for items that map nothing of
   their own (pointer attachments, firstprivate, use_device_*, the
   struct header whose members follow).  */
static unsigned int
dm_ompt_map_flags (unsigned short k)
{
  int kind = k & 0xff;
  unsigned int implicit = 0;
  if ((kind & DM_MAP_SPECIAL_BITS) == DM_MAP_IMPLICIT)
    {
      kind &= ~DM_MAP_IMPLICIT;
      implicit = ompt_target_map_flag_implicit;
    }
  switch (kind)
    {
    case DM_MAP_ALLOC:
    case DM_MAP_FORCE_ALLOC:
    case DM_MAP_ZERO_LEN_ARRAY_SECTION:
      return ompt_target_map_flag_alloc | implicit;
    case DM_MAP_TO:
    case DM_MAP_FORCE_TO:
    case DM_MAP_ALWAYS_TO:
      return ompt_target_map_flag_to | implicit;
    case DM_MAP_FROM:
    case DM_MAP_FORCE_FROM:
    case DM_MAP_ALWAYS_FROM:
      return ompt_target_map_flag_from | implicit;
    case DM_MAP_TOFROM:
    case DM_MAP_FORCE_TOFROM:
    case DM_MAP_ALWAYS_TOFROM:
      return ompt_target_map_flag_to | ompt_target_map_flag_from | implicit;
    case DM_MAP_RELEASE:
      return ompt_target_map_flag_release | implicit;
    case DM_MAP_DELETE:
    case DM_MAP_DELETE_ZERO_LEN_ARRAY_SECTION:
      return ompt_target_map_flag_delete | implicit;
    }
  return 0;
}

void
dm_ompt_report_map (struct dm_device *dev, size_t mapnum, void **hostaddrs,
		    size_t *sizes, unsigned short *kinds)
{
  void **host = malloc (mapnum * sizeof *host + 1);
  void **devp = malloc (mapnum * sizeof *devp + 1);
  size_t *bytes = malloc (mapnum * sizeof *bytes + 1);
  unsigned int *flags = malloc (mapnum * sizeof *flags + 1), n = 0;
  if (host && devp && bytes && flags)
    {
      for (size_t i = 0; i < mapnum; i++)
	{
	  unsigned int f = dm_ompt_map_flags (kinds[i]);
	  if ((kinds[i] & 0xff) == DM_MAP_STRUCT)
	    i += sizes[i];
	  else if (f && hostaddrs[i])
	    {
	      host[n] = hostaddrs[i];
	      devp[n] = dm_translate_to_report (dev, hostaddrs[i]);
	      bytes[n] = sizes[i];
	      flags[n++] = f;
	    }
	}
      dm_ompt_map (n, host, devp, bytes, flags);
    }
  free (host);
  free (devp);
  free (bytes);
  free (flags);
}

void
dm_target_now (struct dm_device *dev, void (*fn) (void *), size_t mapnum,
	       void **hostaddrs, size_t *sizes, unsigned short *kinds,
	       void **args, const struct dm_deep_info *deep)
{
  dm_target_checked (dev, fn, mapnum, hostaddrs, sizes, kinds, args, NULL,
		     deep);
}

/* Map, run and unmap a region on DEV: synchronously, or with A queued
   on A's queue (a nowait region: the exit bookkeeping happens now, its
   copies back are queued too).  */
static inline __attribute__ ((always_inline)) void
dm_target_region (struct dm_device *dev, struct dm_async *a,
		  void (*fn) (void *), size_t mapnum, void **hostaddrs,
		  size_t *sizes, unsigned short *kinds, void **args,
		  void *check, const struct dm_deep_info *deep)
{
  struct dm_env *env = dm_map_construct (dev, DM_CONSTRUCT_TARGET, mapnum,
					 hostaddrs, sizes, kinds, a, deep);
  dm_deep_check_device (check, dev, "target");
  struct dm_launch launch = { fn, env->args, 0, 0, mapnum, NULL,
			      hostaddrs };
  dm_parse_launch_args (args, &launch);
  dm_stats_add (&dev->stats.launches, 1);
  /* Not for queued regions: they run later, on the queue's thread.  */
  if (__builtin_expect (dm_config.emu_strict, 0) && !a
      && dev->ops->runs_host_code)
    dm_strict_scan (dev);
  ompt_id_t submit = 0;
  int traced = DM_OMPT_ON ();
  /* GCC passes 1 for a region without teams, 0 for teams without
     num_teams, -1 where the region computes the number itself.  */
  unsigned requested = launch.num_teams > 0 ? (unsigned) launch.num_teams : 0;
  unsigned granted = 0;
  if (traced)
    {
      dm_ompt_report_map (dev, mapnum, hostaddrs, sizes, kinds);
      dm_ompt_submit (ompt_scope_begin, &submit, requested, 0);
      launch.granted_teams = &granted;
    }
  if ((a ? dm_async_run (a, &launch) : dm_run_with_globals (dev, &launch, NULL))
      != 0)
    dm_fatal ("target%s on device %d (%s): the region (host function %p) "
	      "failed: %s", a ? " nowait" : "", dev->id, dev->ops->name,
	      (void *) fn, dm_reason ());
  if (traced)
    dm_ompt_submit (ompt_scope_end, &submit, requested, granted);
  dm_deep_check (check, "target", dev->id);
  dm_unmap_construct (env, a);
}

void
dm_target_checked (struct dm_device *dev, void (*fn) (void *),
		   size_t mapnum, void **hostaddrs, size_t *sizes,
		   unsigned short *kinds, void **args, void *check,
		   const struct dm_deep_info *deep)
{
  if (!dev)
    {
      if (__builtin_expect (dm_pipe_current != NULL, 0))
	dm_pipe_check_host_region (mapnum, hostaddrs, sizes, kinds);
      dm_run_on_host (fn, mapnum, hostaddrs, sizes, kinds, args);
      return;
    }
  dm_target_region (dev, NULL, fn, mapnum, hostaddrs, sizes, kinds, args,
		    check, deep);
}

void
dm_target_async (struct dm_async *a, void (*fn) (void *), size_t mapnum,
		 void **hostaddrs, size_t *sizes, unsigned short *kinds,
		 void **args, const struct dm_deep_info *deep)
{
  dm_target_region (a->dev, a, fn, mapnum, hostaddrs, sizes, kinds, args,
		    NULL, deep);
}

void
dm_update_now (struct dm_device *dev, size_t mapnum, void **hostaddrs,
	       size_t *sizes, unsigned short *kinds)
{
  if (!dev)
    return;
  if (DM_OMPT_ON ())
    dm_ompt_report_map (dev, mapnum, hostaddrs, sizes, kinds);
  dm_update (dev, mapnum, hostaddrs, sizes, kinds, NULL);
}

void
dm_enter_exit_now (struct dm_device *dev, int exit_data, size_t mapnum,
		   void **hostaddrs, size_t *sizes, unsigned short *kinds,
		   const struct dm_deep_info *deep)
{
  if (!dev)
    return;
  /* A tool sees the device addresses while they exist.  */
  int traced = DM_OMPT_ON ();
  if (exit_data)
    {
      if (traced)
	dm_ompt_report_map (dev, mapnum, hostaddrs, sizes, kinds);
      dm_exit_data (dev, mapnum, hostaddrs, sizes, kinds, NULL, deep);
    }
  else
    {
      dm_enter_data (dev, mapnum, hostaddrs, sizes, kinds, NULL, deep);
      if (traced)
	dm_ompt_report_map (dev, mapnum, hostaddrs, sizes, kinds);
    }
}
