/* nowait.h -- nowait target constructs become detached tasks of the
   system libgomp, so that depend clauses, taskwait and barriers order them
   with every other task and nobody busy-waits; their work runs on device
   queues and completes the task when it is done (nowait.c, async.h).  */
#ifndef DM_NOWAIT_H
#define DM_NOWAIT_H

#include <stddef.h>

#include "support/construct.h"

struct dm_device;

/* Snapshot the construct's arguments (and firstprivate values) into a
   task and hand it to GOMP_task with DEPEND.  This thread's announcement
   of deep items goes with it: the task expands the list when it runs.
   CODEPTR_RA: the construct's return address, for OMPT.  */
void dm_nowait_submit (enum dm_construct kind, struct dm_device *dev,
		       void (*fn) (void *), size_t mapnum, void **hostaddrs,
		       size_t *sizes, unsigned short *kinds, void **depend,
		       void **args, const void *codeptr_ra);

/* GCC's `taskwait depend' entry point, defined in nowait.c (it must
   see deepmap's detached nowait tasks); the constructs without nowait
   call it for their depend clauses.  */
void GOMP_taskwait_depend (void **depend);

#endif
