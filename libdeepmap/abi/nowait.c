/* nowait.c -- nowait constructs as tasks of the system libgomp.

   The task's data is one relocatable blob (GOMP_task copies it when it
   defers the task): a header, then the address, size and kind arrays,
   the launch arguments, and private copies of firstprivate data, whose
   addresses are stored as offsets and fixed up when the task runs.

   The tasks are detached (GOMP_TASK_FLAG_DETACH): the body only queues
   the construct's copies and region on a device queue (async.h) and
   returns; the task completes, releasing its dependences and any
   taskwait, when the queue's completion callback fulfills the event.
   GCC 12's GOMP_task stores the event in the first word of the data, so
   the header starts with it.  The blob outlives the event (deferred: it
   is part of the task, freed once the event is fulfilled and the body has
   returned; undeferred: GOMP_task waits for the event before it returns),
   but nothing queued reads it: firstprivate values travel in the
   construct's kept argument block.

   Deep items are walked in the task, once its dependences are met: a
   construct ordered after one that relinks a structure must see the
   links that one stores (and never read them while its copy back writes
   them).  The blob keeps the announcement of the items for the walk.  */
#include <alloca.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "engine/async.h"
#include "engine/transfer.h"
#include "support/config.h"
#include "support/error.h"
#include "support/export.h"
#include "support/forward.h"
#include "map/deepcopy.h"
#include "map/mapping.h"
#include "abi/constructs.h"
#include "abi/nowait.h"
#include "support/ompabi.h"
#include "support/ompt.h"


/* GCC 12's libgomp has one path that runs a task and then completes it
   without looking at its detach event: a thread waiting for the
   dependences of an undeferred task (GOMP_task with depend clauses) or of
   "taskwait depend" (GOMP_taskwait_depend) runs the tasks it waits for
   itself, and completes them when their body returns.  A detached task
   run there must be complete when its body returns, and fulfill its
   event itself.  So these two entry points are wrapped: while a thread is
   inside one of them, a nowait construct it runs is done synchronously.  */
static DM_TLS int dm_depend_wait;

typedef void dm_task_fn (void (*) (void *), void *,
			 void (*) (void *, void *), long, long, bool,
			 unsigned, void **, int, void *);

DM_EXPORT void
GOMP_task (void (*fn) (void *), void *data, void (*cpyfn) (void *, void *),
	   long arg_size, long arg_align, bool if_clause, unsigned flags,
	   void **depend, int priority, void *detach)
{
  static dm_task_fn *real;
  if (__builtin_expect (real == NULL, 0))
    real = (dm_task_fn *) dm_forward_symbol ("GOMP_task", "GOMP_2.0");
  if (!(flags & DM_TASK_FLAG_DEPEND))
    {
      real (fn, data, cpyfn, arg_size, arg_align, if_clause, flags, depend,
	    priority, detach);
      return;
    }
  dm_depend_wait++;
  real (fn, data, cpyfn, arg_size, arg_align, if_clause, flags, depend,
	priority, detach);
  dm_depend_wait--;
}

DM_EXPORT void
GOMP_taskwait_depend (void **depend)
{
  static void (*real) (void **);
  if (__builtin_expect (real == NULL, 0))
    real = (void (*) (void **)) dm_forward_symbol ("GOMP_taskwait_depend",
						   "GOMP_5.0");
  dm_depend_wait++;
  real (depend);
  dm_depend_wait--;
}

struct dm_nowait
{
  void *event;			/* first: GOMP_task writes the event here */
  enum dm_construct kind;
  struct dm_device *dev;
  void (*fn) (void *);
  size_t mapnum, nargs;
  size_t off_addrs, off_sizes, off_kinds, off_args;
  size_t nann, off_ann, off_index;	/* the deep items' announcement */
  int indexed;			/* its entries are named (dm_deep_take) */
  const void *codeptr_ra;	/* the construct's, for OMPT */
};

#define DM_ALIGN_UP(x, a) (((x) + (a) - 1) & ~((size_t) (a) - 1))

static void dm_nowait_now (struct dm_nowait *t, size_t mapnum, void **addrs,
			   size_t *sizes, unsigned short *kinds, void **args,
			   const struct dm_deep_info *deep, void *check);

/* GCC 12's omp_fulfill_event, called from a thread outside the team (a
   queue's callback), completes the task but leaves a team barrier that
   waits only for it asleep: the barrier is only ever finished by a team
   thread that runs or completes a task itself, and the wake-up it gets
   does not make it look.  So each nowait task has a follower, an empty
   task that depends on it through a token address of its own: the
   event's completion releases the follower, which marks the team's tasks
   pending and wakes a thread; running it finishes the barrier the
   ordinary way.  Tokens are never addresses of the program (they lie
   outside the canonical x86-64 range), and each is used once.  */
static void
dm_nowait_follower (void *unused)
{
}

static void *
dm_nowait_token (void)
{
  static uint64_t next;
  uint64_t n = __atomic_add_fetch (&next, 1, __ATOMIC_RELAXED);
  return (void *) (uintptr_t) (((uint64_t) 0xdeadULL << 48) | (n & ((1ULL << 48) - 1)));
}

static const ompt_target_t dm_nowait_ompt_kind[] = {
  [DM_CONSTRUCT_TARGET] = ompt_target_nowait,
  [DM_CONSTRUCT_UPDATE] = ompt_target_update_nowait,
  [DM_CONSTRUCT_ENTER_DATA] = ompt_target_enter_data_nowait,
  [DM_CONSTRUCT_EXIT_DATA] = ompt_target_exit_data_nowait
};

/* Expand T's list (arrays at ADDRS, SIZES, KINDS) into DL with the
   announcement the blob at BASE keeps.  The thread may be inside a
   construct of its own, between its announcement and its GOMP_* call
   (running tasks while it waits for dependences): that one is set aside
   meanwhile.  */
static void
dm_nowait_expand (struct dm_nowait *t, char *base, void **addrs,
		  size_t *sizes, unsigned short *kinds,
		  struct dm_deep_list *dl)
{
  struct dm_deep_pending mine;
  int walk = t->nann != 0 && t->dev != NULL;
  if (walk)
    {
      dm_deep_set_aside (&mine);
      struct dm_deep_pending p = {
	(const struct deepmap_annotation *) (base + t->off_ann),
	t->indexed ? (const size_t *) (base + t->off_index) : NULL, t->nann };
      dm_deep_restore (&p);
    }
  dm_deep_expand (walk ? t->dev : NULL, t->kind, t->mapnum, addrs, sizes,
		  kinds, dl);
  if (walk)
    dm_deep_restore (&mine);
}

/* The expanded list's check-mode record after the construct was queued
   or done (deepcopy.h); a synchronous target region checked and freed
   it itself.  */
static void
dm_nowait_check (struct dm_nowait *t, void *check, int ran_now)
{
  switch (t->kind)
    {
    case DM_CONSTRUCT_TARGET:
      if (!ran_now || !t->dev)
	dm_deep_check (check, "target", t->dev ? t->dev->id : -1);
      break;
    case DM_CONSTRUCT_ENTER_DATA:
      if (ran_now && t->dev)
	dm_deep_check_device (check, t->dev, "target enter data");
      dm_deep_keep_check (check);
      break;
    default:
      dm_deep_check (check, "target", t->dev ? t->dev->id : -1);
      break;
    }
}

static void
dm_nowait_run (void *data)
{
  struct dm_nowait *t = data;
  char *base = data;
  void **addrs = (void **) (base + t->off_addrs);
  size_t *sizes = (size_t *) (base + t->off_sizes);
  unsigned short *kinds = (unsigned short *) (base + t->off_kinds);
  void **args = t->nargs ? (void **) (base + t->off_args) : NULL;

  for (size_t i = 0; i < t->mapnum; i++)
    if ((kinds[i] & 0xff) == DM_MAP_FIRSTPRIVATE && addrs[i])
      addrs[i] = base + (uintptr_t) addrs[i];

  /* OMPT: the target task's construct; it ends when its queue is
     done (dm_async_done) or, run synchronously, here.  */
  struct dm_ompt_op *op = NULL;
  if (DM_OMPT_ON () && t->dev)
    op = dm_ompt_task_begin (dm_nowait_ompt_kind[t->kind], t->dev->id,
			     t->codeptr_ra);

  /* The host (fallback) runs the construct now, and so does a thread
     that libgomp would not let the event complete the task (above), or
     every thread under DEEPMAP_NOWAIT=sync.  */
  struct dm_deep_list dl;
  dm_nowait_expand (t, base, addrs, sizes, kinds, &dl);
  /* Deep copy's items are told apart; a nowait construct is neither
     planned nor replayed.  */
  struct dm_deep_info deep = { 0, dl.storage ? dl.original + 1 : 0, NULL,
			       NULL, 0 };
  if (!t->dev || dm_config.nowait_sync || dm_depend_wait)
    {
      dm_nowait_now (t, dl.n, dl.addrs, dl.sizes, dl.kinds, args, &deep,
		     dl.check);
      dm_nowait_check (t, dl.check, 1);
      dm_deep_done (&dl, addrs);
      if (op)
	dm_ompt_target_end (op);
      omp_fulfill_event ((uintptr_t) t->event);
      return;
    }
  struct dm_async *a = dm_async_begin (t->dev, t->event);
  a->ompt = op;
  /* The construct's span on its queue is timed as its copies and kernel
     are (dm_async_end marks its end), so that they nest in it.  */
  if (op && (a->trace_span = dm_ompt_task_queue (op, dm_async_queue (a))))
    dm_trace_queue_marks (t->dev, dm_async_queue (a), a->trace_span, 1);
  int traced = op != NULL;
  switch (t->kind)
    {
    case DM_CONSTRUCT_TARGET:
      dm_target_async (a, t->fn, dl.n, dl.addrs, dl.sizes, dl.kinds, args,
		       &deep);
      break;
    case DM_CONSTRUCT_UPDATE:
      if (traced)
	dm_ompt_report_map (t->dev, dl.n, dl.addrs, dl.sizes, dl.kinds);
      dm_update (t->dev, dl.n, dl.addrs, dl.sizes, dl.kinds, a);
      break;
    case DM_CONSTRUCT_ENTER_DATA:
      dm_enter_data (t->dev, dl.n, dl.addrs, dl.sizes, dl.kinds, a, &deep);
      if (traced)
	dm_ompt_report_map (t->dev, dl.n, dl.addrs, dl.sizes, dl.kinds);
      break;
    case DM_CONSTRUCT_EXIT_DATA:
      if (traced)
	dm_ompt_report_map (t->dev, dl.n, dl.addrs, dl.sizes, dl.kinds);
      dm_exit_data (t->dev, dl.n, dl.addrs, dl.sizes, dl.kinds, a, &deep);
      break;
    case DM_CONSTRUCT_DATA:	/* target data has no nowait */
    case DM_CONSTRUCT_API:
      break;
    }
  /* The queue may finish (and OP end, on another thread) as soon as its
     completion is queued.  */
  if (op)
    dm_ompt_target_leave (op);
  dm_nowait_check (t, dl.check, 0);
  /* Nothing queued reads the list (see above).  */
  dm_deep_done (&dl, addrs);
  dm_async_end (a);
}

/* The construct, synchronously.  */
static void
dm_nowait_now (struct dm_nowait *t, size_t mapnum, void **addrs,
	       size_t *sizes, unsigned short *kinds, void **args,
	       const struct dm_deep_info *deep, void *check)
{
  switch (t->kind)
    {
    case DM_CONSTRUCT_TARGET:
      dm_target_checked (t->dev, t->fn, mapnum, addrs, sizes, kinds, args,
			 t->dev ? check : NULL, deep);
      break;
    case DM_CONSTRUCT_UPDATE:
      dm_update_now (t->dev, mapnum, addrs, sizes, kinds);
      break;
    case DM_CONSTRUCT_ENTER_DATA:
    case DM_CONSTRUCT_EXIT_DATA:
      dm_enter_exit_now (t->dev, t->kind == DM_CONSTRUCT_EXIT_DATA, mapnum,
			 addrs, sizes, kinds, deep);
      break;
    case DM_CONSTRUCT_DATA:	/* target data has no nowait */
    case DM_CONSTRUCT_API:
      break;
    }
}

void
dm_nowait_submit (enum dm_construct kind, struct dm_device *dev,
		  void (*fn) (void *), size_t mapnum, void **hostaddrs,
		  size_t *sizes, unsigned short *kinds, void **depend,
		  void **args, const void *codeptr_ra)
{
  size_t nann = dm_deep_npending;
  size_t nargs = 0;
  if (args)
    {
      while (args[nargs])
	nargs++;
      nargs++;			/* the terminating NULL */
    }

  size_t off = DM_ALIGN_UP (sizeof (struct dm_nowait), 16);
  size_t off_addrs = off;
  off += mapnum * sizeof (void *);
  size_t off_sizes = off;
  off += mapnum * sizeof (size_t);
  size_t off_kinds = off;
  off += mapnum * sizeof (unsigned short);
  off = DM_ALIGN_UP (off, sizeof (void *));
  size_t off_args = off;
  off += nargs * sizeof (void *);
  size_t fp_start = off;
  /* Firstprivate copies may ask for more than 16-byte alignment; the
     blob's alignment is the largest any of them needs.  */
  size_t align = 16;
  off = dm_firstprivate_size (mapnum, hostaddrs, sizes, kinds, fp_start,
			      &align);
  off = DM_ALIGN_UP (off, sizeof (void *));
  size_t off_ann = off;
  off += nann * sizeof (struct deepmap_annotation);
  size_t off_index = off;
  off += nann * sizeof (size_t);

  char *blob = aligned_alloc (align, DM_ALIGN_UP (off, align));
  if (!blob)
    dm_fatal ("nowait construct: out of host memory for a %zu-byte task",
	      off);
  struct dm_nowait *t = (struct dm_nowait *) blob;
  *t = (struct dm_nowait) { NULL, kind, dev, fn, mapnum, nargs,
			    off_addrs, off_sizes, off_kinds, off_args,
			    nann, off_ann, off_index, 0, codeptr_ra };
  if (nann)
    dm_deep_take ((struct deepmap_annotation *) (blob + off_ann),
		  (size_t *) (blob + off_index), &t->indexed);
  void **addrs = (void **) (blob + off_addrs);
  /* A construct without map items passes NULL arrays.  */
  if (mapnum)
    {
      memcpy (addrs, hostaddrs, mapnum * sizeof (void *));
      memcpy (blob + off_sizes, sizes, mapnum * sizeof (size_t));
      memcpy (blob + off_kinds, kinds, mapnum * sizeof (unsigned short));
    }
  if (nargs)
    memcpy (blob + off_args, args, nargs * sizeof (void *));
  size_t *offsets = alloca (mapnum * sizeof *offsets + 1);
  dm_firstprivate_pack (mapnum, hostaddrs, sizes, kinds, blob, fp_start,
			offsets);
  for (size_t i = 0; i < mapnum; i++)
    if ((kinds[i] & 0xff) == DM_MAP_FIRSTPRIVATE && hostaddrs[i])
      addrs[i] = (void *) (uintptr_t) offsets[i];

  /* The task depends on its clauses and is the one writer of a token,
     which the follower reads.  */
  void *token = dm_nowait_token ();
  size_t ndep = 0;
  if (depend)
    ndep = (uintptr_t) (depend[0] ? depend[0] : depend[1]);
  void **dep = alloca ((ndep + 6) * sizeof *dep);
  if (!depend)
    {
      dep[0] = (void *) 1;
      dep[1] = (void *) 1;
      dep[2] = token;
    }
  else if (depend[0])
    {
      /* [total, outs, addresses: outs first].  */
      dep[0] = (void *) (ndep + 1);
      dep[1] = (void *) ((uintptr_t) depend[1] + 1);
      dep[2] = token;
      memcpy (dep + 3, depend + 2, ndep * sizeof *dep);
    }
  else
    {
      /* [0, total, outs, mutexinoutsets, ins, addresses: outs first].  */
      dep[0] = NULL;
      dep[1] = (void *) (ndep + 1);
      dep[2] = (void *) ((uintptr_t) depend[2] + 1);
      dep[3] = depend[3];
      dep[4] = depend[4];
      dep[5] = token;
      memcpy (dep + 6, depend + 5, ndep * sizeof *dep);
    }
  void *event;
  GOMP_task (dm_nowait_run, blob, NULL, (long) off, (long) align, true,
	     DM_TASK_FLAG_DEPEND | DM_TASK_FLAG_DETACH, dep, 0, &event);
  free (blob);
  void *follow[] = { (void *) 1, NULL, token };
  GOMP_task (dm_nowait_follower, NULL, NULL, 0, 1, true, DM_TASK_FLAG_DEPEND,
	     follow, 0, NULL);
}
