/* abi_target.c -- the GOMP_target* entry points GCC 12 emits for target
   constructs, and the older GCC 4.x/5 forms, on top of mapping.c.  */
#include <alloca.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "engine/async.h"
#include "abi/devices.h"
#include "engine/devstate.h"
#include "deepmap.h"
#include "map/deepcopy.h"
#include "support/error.h"
#include "support/hostexec.h"
#include "engine/images.h"
#include "support/export.h"
#include "map/mapping.h"
#include "map/strict.h"
#include "support/config.h"
#include "abi/nowait.h"
#include "support/ompabi.h"
#include "support/ompt.h"
#include "support/region.h"

/* The old entry points pass 8-bit kinds: 3 bits of kind, 5 of log2
   alignment.  Widen them to the 16-bit encoding.  */
static unsigned short *
dm_widen_kinds (size_t mapnum, const unsigned char *kinds,
		unsigned short *out)
{
  for (size_t i = 0; i < mapnum; i++)
    out[i] = (kinds[i] & 7) | ((kinds[i] >> 3) << 8);
  return out;
}

/* Wait for the tasks a depend clause names (no nowait: the construct is
   an included task).  */
static void
dm_wait_depend (void **depend)
{
  extern void GOMP_taskwait_depend (void **);	/* nowait.c */
  if (depend)
    GOMP_taskwait_depend (depend);
}

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
  struct dm_launch launch = { fn, (uintptr_t) hostaddrs, 0, 0 };
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
	      devp[n] = dm_translate (dev, hostaddrs[i]);
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

/* Begin a construct of KIND on DEV for OMPT; nonzero when it is traced
   (a tool is attached and the construct runs on a device).  */
static inline int
dm_ompt_begin (struct dm_ompt_op *op, struct dm_device *dev,
	       ompt_target_t kind, const void *ra)
{
  if (!DM_OMPT_ON () || !dev)
    return 0;
  dm_ompt_target_begin (op, kind, dev->id, ra);
  return 1;
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
  struct dm_launch launch = { fn, env->args, 0, 0 };
  dm_parse_launch_args (args, &launch);
  dm_stats_add (&dev->stats.launches, 1);
  /* Not for queued regions: they run later, on the queue's thread.  */
  if (__builtin_expect (dm_config.emu_strict, 0) && !a
      && dev->ops->runs_host_code)
    dm_strict_scan (dev);
  ompt_id_t submit = 0;
  int traced = DM_OMPT_ON ();
  if (traced)
    {
      dm_ompt_report_map (dev, mapnum, hostaddrs, sizes, kinds);
      dm_ompt_submit (ompt_scope_begin, &submit, launch.num_teams);
    }
  if ((a ? dm_async_run (a, &launch) : dm_run_with_globals (dev, &launch, NULL))
      != 0)
    dm_fatal ("target%s on device %d (%s): the region (host function %p) "
	      "failed: %s", a ? " nowait" : "", dev->id, dev->ops->name,
	      (void *) fn, dm_reason ());
  if (traced)
    dm_ompt_submit (ompt_scope_end, &submit, launch.num_teams);
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

/* A synchronous construct C whose one deep item may be re-entered
   without a walk (map/replay.h): begin the replay (the announcement is
   then dropped) or ask for a record.  Returns RI if either applies.  */
static struct dm_deep_replay_info *
dm_deep_replay_prepare (struct dm_device *dev, enum dm_construct c,
			size_t mapnum, void **hostaddrs, size_t *sizes,
			unsigned short *kinds,
			struct dm_deep_replay_info *ri)
{
  size_t i;
  const struct deepmap_type *t;
  if (__builtin_expect (dm_deep_npending == 0, 1) || !dev
      || !dm_deep_replay_item (c, mapnum, hostaddrs, sizes, kinds, &i, &t))
    return NULL;
  *ri = (struct dm_deep_replay_info) { 0 };
  ri->replay = dm_map_replay_begin (dev, (uintptr_t) hostaddrs[i], t);
  if (ri->replay)
    {
      dm_deep_discard ();
      ri->copy_from = dm_kind_copies_from (kinds[i] & 0xff);
    }
  else
    {
      ri->record_host = (uintptr_t) hostaddrs[i];
      ri->record_type = t;
    }
  return ri;
}

/* Enter data of one deep item, expanded in DL: ask for a record of it,
   which later target and target data constructs replay.  */
static struct dm_deep_replay_info *
dm_deep_record_prepare (struct dm_device *dev, const struct dm_deep_list *dl,
			struct dm_deep_replay_info *ri)
{
  const struct deepmap_type *t = dl->item_type;
  if (__builtin_expect (t == NULL, 1) || !dev || !dm_config.deep_replay
      || dm_config.check)
    return NULL;
  for (size_t i = 0; i < dl->original; i++)
    if ((uintptr_t) dl->addrs[i] == dl->item_host
	&& dl->sizes[i] == (t->size ? t->size : 1))
      {
	*ri = (struct dm_deep_replay_info) { dl->item_host, t, NULL, 0 };
	return ri;
      }
  return NULL;
}

DM_EXPORT void
GOMP_target_ext (int device, void (*fn) (void *), size_t mapnum,
		 void **hostaddrs, size_t *sizes, unsigned short *kinds,
		 unsigned int flags, void **depend, void **args)
{
  struct dm_device *dev = dm_device_for_region (device, fn);
  struct dm_deep_list dl;
  struct dm_deep_replay_info ri, *rip = NULL;
  if (!(flags & DM_TARGET_FLAG_NOWAIT))
    {
      /* The replay takes references: only once the dependences are
	 met.  */
      dm_wait_depend (depend);
      depend = NULL;
      rip = dm_deep_replay_prepare (dev, DM_CONSTRUCT_TARGET, mapnum,
				    hostaddrs, sizes, kinds, &ri);
    }
  dm_deep_expand (DM_CONSTRUCT_TARGET, mapnum, hostaddrs, sizes, kinds, &dl);
  if (flags & DM_TARGET_FLAG_NOWAIT)
    {
      dm_nowait_submit (DM_NOWAIT_TARGET, dev, fn, dl.n, dl.addrs, dl.sizes,
			dl.kinds, depend, args,
			dl.storage ? dl.original + 1 : 0, DM_OMPT_RA);
      dm_deep_check (dl.check, "target", dev ? dev->id : -1);
      dm_deep_done (&dl, hostaddrs);
      return;
    }
  dm_wait_depend (depend);
  if (!dev)
    dm_deep_check (dl.check, "target", -1), dl.check = NULL;
  struct dm_ompt_op op;
  int traced = dm_ompt_begin (&op, dev, ompt_target, DM_OMPT_RA);
  struct dm_deep_info di = { dl.storage != NULL,
			    dl.storage ? dl.original + 1 : 0, rip };
  dm_target_checked (dev, fn, dl.n, dl.addrs, dl.sizes, dl.kinds, args,
		     dl.check, &di);
  if (traced)
    dm_ompt_target_end (&op);
  dm_deep_done (&dl, hostaddrs);
}

DM_EXPORT void
GOMP_target (int device, void (*fn) (void *), const void *unused,
	     size_t mapnum, void **hostaddrs, size_t *sizes,
	     unsigned char *kinds)
{
  struct dm_device *dev = dm_device_for_region (device, fn);
  unsigned short *k = alloca ((mapnum + 1) * sizeof *k);
  struct dm_ompt_op op;
  int traced = dm_ompt_begin (&op, dev, ompt_target, DM_OMPT_RA);
  dm_target_now (dev, fn, mapnum, hostaddrs, sizes,
		 dm_widen_kinds (mapnum, kinds, k), NULL, NULL);
  if (traced)
    dm_ompt_target_end (&op);
}

/* The target data constructs of this thread, innermost first.  */
static DM_TLS struct dm_env *dm_data_stack;

/* OMPT has no kind for target data: like LLVM's runtime, its start is
   reported as enter data and its end as exit data.  */
static void
dm_target_data (int device, size_t mapnum, void **hostaddrs, size_t *sizes,
		unsigned short *kinds, const void *ra)
{
  struct dm_device *dev = dm_device_resolve (device, "target data");
  struct dm_ompt_op op;
  int traced = dm_ompt_begin (&op, dev, ompt_target_enter_data, ra);
  struct dm_deep_list dl;
  struct dm_deep_replay_info ri;
  struct dm_deep_replay_info *rip
    = dm_deep_replay_prepare (dev, DM_CONSTRUCT_DATA, mapnum, hostaddrs,
			      sizes, kinds, &ri);
  dm_deep_expand (DM_CONSTRUCT_DATA, mapnum, hostaddrs, sizes, kinds, &dl);
  struct dm_deep_info di = { dl.storage != NULL,
			    dl.storage ? dl.original + 1 : 0, rip };
  struct dm_env *env = dev ? dm_map_construct (dev, DM_CONSTRUCT_DATA, dl.n,
					       dl.addrs, dl.sizes, dl.kinds,
					       NULL, &di)
			   : dm_host_env ();
  env->deep = dl.check;
  dm_deep_check_device (dl.check, dev, "target data");
  if (traced)
    {
      dm_ompt_report_map (dev, dl.n, dl.addrs, dl.sizes, dl.kinds);
      dm_ompt_target_end (&op);
    }
  dm_deep_done (&dl, hostaddrs);
  env->prev = dm_data_stack;
  dm_data_stack = env;
}

DM_EXPORT void
GOMP_target_data_ext (int device, size_t mapnum, void **hostaddrs,
		      size_t *sizes, unsigned short *kinds)
{
  dm_target_data (device, mapnum, hostaddrs, sizes, kinds, DM_OMPT_RA);
}

DM_EXPORT void
GOMP_target_data (int device, const void *unused, size_t mapnum,
		  void **hostaddrs, size_t *sizes, unsigned char *kinds)
{
  unsigned short *k = alloca ((mapnum + 1) * sizeof *k);
  dm_target_data (device, mapnum, hostaddrs, sizes,
		  dm_widen_kinds (mapnum, kinds, k), DM_OMPT_RA);
}

DM_EXPORT void
GOMP_target_end_data (void)
{
  struct dm_env *env = dm_data_stack;
  if (!env)
    dm_fatal ("end of target data: no target data construct is active on "
	      "this thread");
  dm_data_stack = env->prev;
  dm_deep_check (env->deep, "end of target data", env->dev ? env->dev->id : -1);
  env->deep = NULL;
  struct dm_ompt_op op;
  int traced = dm_ompt_begin (&op, env->dev, ompt_target_exit_data, DM_OMPT_RA);
  dm_unmap_construct (env, NULL);
  if (traced)
    dm_ompt_target_end (&op);
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

DM_EXPORT void
GOMP_target_update_ext (int device, size_t mapnum, void **hostaddrs,
			size_t *sizes, unsigned short *kinds,
			unsigned int flags, void **depend)
{
  struct dm_device *dev = dm_device_resolve (device, "target update");
  struct dm_deep_list dl;
  dm_deep_expand (DM_CONSTRUCT_UPDATE, mapnum, hostaddrs, sizes, kinds, &dl);
  if (flags & DM_TARGET_FLAG_NOWAIT)
    dm_nowait_submit (DM_NOWAIT_UPDATE, dev, NULL, dl.n, dl.addrs, dl.sizes,
		      dl.kinds, depend, NULL, 0, DM_OMPT_RA);
  else
    {
      dm_wait_depend (depend);
      struct dm_ompt_op op;
      int traced = dm_ompt_begin (&op, dev, ompt_target_update, DM_OMPT_RA);
      dm_update_now (dev, dl.n, dl.addrs, dl.sizes, dl.kinds);
      if (traced)
	dm_ompt_target_end (&op);
    }
  dm_deep_done (&dl, hostaddrs);
}

DM_EXPORT void
GOMP_target_update (int device, const void *unused, size_t mapnum,
		    void **hostaddrs, size_t *sizes, unsigned char *kinds)
{
  struct dm_device *dev = dm_device_resolve (device, "target update");
  unsigned short *k = alloca ((mapnum + 1) * sizeof *k);
  struct dm_ompt_op op;
  int traced = dm_ompt_begin (&op, dev, ompt_target_update, DM_OMPT_RA);
  dm_update_now (dev, mapnum, hostaddrs, sizes,
		 dm_widen_kinds (mapnum, kinds, k));
  if (traced)
    dm_ompt_target_end (&op);
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

DM_EXPORT void
GOMP_target_enter_exit_data (int device, size_t mapnum, void **hostaddrs,
			     size_t *sizes, unsigned short *kinds,
			     unsigned int flags, void **depend)
{
  int exit_data = (flags & DM_TARGET_FLAG_EXIT_DATA) != 0;
  struct dm_device *dev
    = dm_device_resolve (device, exit_data ? "target exit data"
					   : "target enter data");
  struct dm_deep_list dl;
  dm_deep_expand (exit_data ? DM_CONSTRUCT_EXIT_DATA : DM_CONSTRUCT_ENTER_DATA,
		  mapnum, hostaddrs, sizes, kinds, &dl);
  if (flags & DM_TARGET_FLAG_NOWAIT)
    dm_nowait_submit (exit_data ? DM_NOWAIT_EXIT_DATA : DM_NOWAIT_ENTER_DATA,
		      dev, NULL, dl.n, dl.addrs, dl.sizes, dl.kinds, depend,
		      NULL, dl.storage ? dl.original + 1 : 0, DM_OMPT_RA);
  else
    {
      dm_wait_depend (depend);
      struct dm_deep_replay_info ri;
      struct dm_ompt_op op;
      int traced = dm_ompt_begin (&op, dev, exit_data ? ompt_target_exit_data
						      : ompt_target_enter_data,
				  DM_OMPT_RA);
      struct dm_deep_info di = {
	dl.storage != NULL, dl.storage ? dl.original + 1 : 0,
	exit_data ? NULL : dm_deep_record_prepare (dev, &dl, &ri) };
      dm_enter_exit_now (dev, exit_data, dl.n, dl.addrs, dl.sizes, dl.kinds,
			 &di);
      if (traced)
	dm_ompt_target_end (&op);
      if (!exit_data)
	dm_deep_check_device (dl.check, dev, "target enter data");
    }
  dm_deep_keep_check (dl.check);
  dm_deep_done (&dl, hostaddrs);
}
