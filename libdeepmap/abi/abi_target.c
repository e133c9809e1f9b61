/* abi_target.c -- the GOMP_target* entry points GCC 12 emits for target
   constructs, and the older GCC 4.x/5 forms, on top of mapping.c.  */
#include <alloca.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "abi/devices.h"
#include "abi/latehoist.h"
#include "engine/devstate.h"
#include "deepmap.h"
#include "map/deepcopy.h"
#include "map/hoistcheck.h"
#include "support/error.h"
#include "support/export.h"
#include "map/mapping.h"
#include "support/config.h"
#include "abi/constructs.h"
#include "abi/nowait.h"
#include "support/ompabi.h"
#include "support/ompt.h"

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

static void dm_enter_exit_data (int device, size_t mapnum, void **hostaddrs,
				size_t *sizes, unsigned short *kinds,
				unsigned int flags, void **depend,
				const void *codeptr_ra);

/* A construct known by KEY (latehoist.h), at CODEPTR_RA, begins: first
   the enter data of the sections a hoisted loop of this thread left for
   it (for OMPT, at the construct's address).  */
static __attribute__ ((noinline)) void
dm_late_enter_pending (const void *key, const void *codeptr_ra)
{
  struct dm_late_batch b;
  while (dm_late_take (key, &b))
    {
      dm_enter_exit_data (b.device, b.mapnum, b.hostaddrs, b.sizes, b.kinds,
			  0, NULL, codeptr_ra);
      dm_late_batch_free (&b);
    }
}

/* The test alone is inline: the entry points then save no registers
   when nothing is pending (the common case).  */
static inline void
dm_late_before_construct (const void *key, const void *codeptr_ra)
{
  if (__builtin_expect (__atomic_load_n (&dm_late_npending, __ATOMIC_RELAXED)
			!= 0, 0))
    dm_late_enter_pending (key, codeptr_ra);
}

/* Wait for the tasks a depend clause names (no nowait: the construct is
   an included task).  This thread may run tasks meanwhile, whose own
   constructs announce deep items: the construct's announcement is set
   aside.  */
static void
dm_wait_depend (void **depend)
{
  if (!depend)
    return;
  struct dm_deep_pending mine;
  dm_deep_set_aside (&mine);
  GOMP_taskwait_depend (depend);
  dm_deep_restore (&mine);
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
  int mixed;
  ri->replay = dm_map_replay_begin (dev, c == DM_CONSTRUCT_TARGET, i, t,
				    mapnum, hostaddrs, sizes, kinds, &mixed);
  if (mixed)
    return NULL;
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
  dm_late_before_construct ((const void *) fn, DM_OMPT_RA);
  struct dm_device *dev = dm_device_for_region (device, fn);
  struct dm_deep_list dl;
  struct dm_deep_replay_info ri, *rip = NULL;
  struct dm_site_announce sa;
  dm_deep_sites (&sa, mapnum, hostaddrs, kinds, (const void *) fn);
  if (flags & DM_TARGET_FLAG_NOWAIT)
    {
      /* The task walks the deep items once its dependences are met.  */
      dm_nowait_submit (DM_CONSTRUCT_TARGET, dev, fn, mapnum, hostaddrs,
			sizes, kinds, depend, args, DM_OMPT_RA);
      dm_deep_sites_done (&sa);
      return;
    }
  /* The walk reads what the constructs the dependences name store, and
     the replay takes references: only once they are met.  */
  dm_wait_depend (depend);
  rip = dm_deep_replay_prepare (dev, DM_CONSTRUCT_TARGET, mapnum, hostaddrs,
				sizes, kinds, &ri);
  dm_deep_expand (dev, DM_CONSTRUCT_TARGET, mapnum, hostaddrs, sizes, kinds,
		  &dl);
  if (!dev)
    dm_deep_check (dl.check, "target", -1), dl.check = NULL;
  struct dm_ompt_op op;
  int traced = dm_ompt_begin (&op, dev, ompt_target, DM_OMPT_RA);
  struct dm_deep_info di = { dl.storage != NULL,
			    dl.storage ? dl.original + 1 : 0, rip, dl.over,
			    dl.nover };
  dm_target_checked (dev, fn, dl.n, dl.addrs, dl.sizes, dl.kinds, args,
		     dl.check, &di);
  if (traced)
    dm_ompt_target_end (&op);
  dm_deep_done (&dl, hostaddrs);
  dm_deep_sites_done (&sa);
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
  struct dm_site_announce sa;
  dm_deep_sites (&sa, mapnum, hostaddrs, kinds, NULL);
  struct dm_deep_replay_info *rip
    = dm_deep_replay_prepare (dev, DM_CONSTRUCT_DATA, mapnum, hostaddrs,
			      sizes, kinds, &ri);
  dm_deep_expand (dev, DM_CONSTRUCT_DATA, mapnum, hostaddrs, sizes, kinds,
		  &dl);
  struct dm_deep_info di = { dl.storage != NULL,
			    dl.storage ? dl.original + 1 : 0, rip, dl.over,
			    dl.nover };
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
  dm_deep_sites_done (&sa);
  env->prev = dm_data_stack;
  dm_data_stack = env;
}

DM_EXPORT void
GOMP_target_data_ext (int device, size_t mapnum, void **hostaddrs,
		      size_t *sizes, unsigned short *kinds)
{
  dm_late_before_construct (kinds, DM_OMPT_RA);
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


DM_EXPORT void
GOMP_target_update_ext (int device, size_t mapnum, void **hostaddrs,
			size_t *sizes, unsigned short *kinds,
			unsigned int flags, void **depend)
{
  struct dm_device *dev = dm_device_resolve (device, "target update");
  /* An update hoisting inserted: its record is not a section.  */
  const struct deepmap_hoist_site *hs = dm_hoist_site (mapnum, hostaddrs,
						       kinds);
  mapnum -= hs != NULL;
  struct dm_deep_pending aside;
  if (hs)
    dm_deep_set_aside (&aside);
  struct dm_deep_list dl;
  dm_deep_list_init (&dl, 0, NULL, NULL, NULL);
  struct dm_site_announce sa;
  dm_deep_sites (&sa, mapnum, hostaddrs, kinds, NULL);
  if (flags & DM_TARGET_FLAG_NOWAIT)
    dm_nowait_submit (DM_CONSTRUCT_UPDATE, dev, NULL, mapnum, hostaddrs,
		      sizes, kinds, depend, NULL, DM_OMPT_RA);
  else
    {
      dm_wait_depend (depend);
      dm_deep_expand (dev, DM_CONSTRUCT_UPDATE, mapnum, hostaddrs, sizes,
		      kinds, &dl);
      struct dm_ompt_op op;
      int traced = dm_ompt_begin (&op, dev, ompt_target_update, DM_OMPT_RA);
      dm_update_now (dev, dl.n, dl.addrs, dl.sizes, dl.kinds);
      if (traced)
	dm_ompt_target_end (&op);
    }
  if (hs && dev)
    dm_hoist_check (hs, hostaddrs, sizes, flags & DM_TARGET_FLAG_NOWAIT);
  dm_deep_done (&dl, hostaddrs);
  dm_deep_sites_done (&sa);
  if (hs)
    dm_deep_restore (&aside);
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


/* GOMP_target_enter_exit_data's work, for the construct at
   CODEPTR_RA.  */
static void
dm_enter_exit_data (int device, size_t mapnum, void **hostaddrs,
		    size_t *sizes, unsigned short *kinds, unsigned int flags,
		    void **depend, const void *codeptr_ra)
{
  int exit_data = (flags & DM_TARGET_FLAG_EXIT_DATA) != 0;
  struct dm_device *dev
    = dm_device_resolve (device, exit_data ? "target exit data"
					   : "target enter data");
  /* An enter or exit data hoisting inserted: its record is not a
     section, it names the others and announces their deep items.  */
  const struct deepmap_hoist_site *hs = dm_hoist_site (mapnum, hostaddrs,
						       kinds);
  mapnum -= hs != NULL;
  /* Sections the loop maps on some paths only wait for their first
     constructs (latehoist.h).  */
  if (hs && dev)
    {
      void **addrs = alloca ((mapnum + 1) * sizeof *addrs);
      size_t *szs = alloca ((mapnum + 1) * sizeof *szs);
      if (dm_late_hoisted_call (device, hs, exit_data, hostaddrs, sizes,
				addrs, szs))
	{
	  hostaddrs = addrs;
	  sizes = szs;
	}
    }
  struct dm_deep_pending aside;
  if (hs)
    dm_deep_set_aside (&aside);
  struct dm_deep_list dl;
  dm_deep_list_init (&dl, 0, NULL, NULL, NULL);
  struct dm_site_announce sa;
  dm_deep_sites (&sa, mapnum, hostaddrs, kinds, NULL);
  if (hs)
    dm_deep_announce_hoist (&sa, hs, hostaddrs);
  /* Before the exit data copies anything back.  */
  if (hs && dev && exit_data)
    dm_hoist_check (hs, hostaddrs, sizes, 0);
  if (flags & DM_TARGET_FLAG_NOWAIT)
    dm_nowait_submit (exit_data ? DM_CONSTRUCT_EXIT_DATA : DM_CONSTRUCT_ENTER_DATA,
		      dev, NULL, mapnum, hostaddrs, sizes, kinds, depend, NULL,
		      codeptr_ra);
  else
    {
      dm_wait_depend (depend);
      dm_deep_expand (dev, exit_data ? DM_CONSTRUCT_EXIT_DATA
			       : DM_CONSTRUCT_ENTER_DATA,
		      mapnum, hostaddrs, sizes, kinds, &dl);
      struct dm_deep_replay_info ri;
      struct dm_ompt_op op;
      int traced = dm_ompt_begin (&op, dev, exit_data ? ompt_target_exit_data
						      : ompt_target_enter_data,
				  codeptr_ra);
      struct dm_deep_info di = {
	dl.storage != NULL, dl.storage ? dl.original + 1 : 0,
	exit_data ? NULL : dm_deep_record_prepare (dev, &dl, &ri), dl.over,
	dl.nover };
      dm_enter_exit_now (dev, exit_data, dl.n, dl.addrs, dl.sizes, dl.kinds,
			 &di);
      if (traced)
	dm_ompt_target_end (&op);
      if (!exit_data)
	dm_deep_check_device (dl.check, dev, "target enter data");
    }
  if (hs && dev && !exit_data)
    dm_hoist_check (hs, hostaddrs, sizes, 0);
  /* Kept on the default device: omp_set_default_device must not move
     the loop's constructs away while it is.  */
  if (hs && dev && device == DM_DEVICE_ICV)
    {
      if (!exit_data)
	dm_hoist_kept_enter (hs->where, mapnum, hostaddrs, sizes);
      else
	dm_hoist_kept_exit (mapnum, hostaddrs, sizes);
    }
  dm_deep_keep_check (dl.check);
  dm_deep_done (&dl, hostaddrs);
  dm_deep_sites_done (&sa);
  if (hs)
    dm_deep_restore (&aside);
}

DM_EXPORT void
GOMP_target_enter_exit_data (int device, size_t mapnum, void **hostaddrs,
			     size_t *sizes, unsigned short *kinds,
			     unsigned int flags, void **depend)
{
  dm_enter_exit_data (device, mapnum, hostaddrs, sizes, kinds, flags, depend,
		      DM_OMPT_RA);
}
