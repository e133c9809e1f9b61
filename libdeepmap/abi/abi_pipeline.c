/* abi_pipeline.c -- deepmap_pipeline_begin/iter/end (deepmap.h): what
   the plugin's lowering of #pragma deepmap pipeline calls.

   To OMPT (and so to the timeline and the report) a pipelined loop is
   the data constructs a hand-written pipeline would be: its begin an
   enter data construct (the slots' allocations, the first chunks'
   copies in), each iteration that starts a chunk an update construct
   (the copies of the chunks it moves), its end an exit data construct
   (the last copies back, the slots' deletes).  Each is identified by
   the return address of its own entry point, in the loop.  */
#include <stddef.h>

#include "deepmap.h"
#include "abi/devices.h"
#include "map/pipeline.h"
#include "support/error.h"
#include "support/export.h"
#include "support/ompabi.h"
#include "support/ompt.h"

/* Begin the construct of KIND on DEV for OMPT; nonzero when traced.  */
static inline int
dm_pipe_ompt_begin (struct dm_ompt_op *op, ompt_target_t kind,
		    struct dm_device *dev, const void *ra)
{
  if (!DM_OMPT_ON ())
    return 0;
  dm_ompt_target_begin (op, kind, dev->id, ra);
  return 1;
}

DM_EXPORT void *
deepmap_pipeline_begin (int device, long lo, long hi, long step, long chunk,
			int streams, unsigned long long mem_limit,
			size_t narrays, const struct deepmap_pipe_array *arrays)
{
  struct dm_device *dev
    = dm_device_resolve (device < 0 ? DM_DEVICE_ICV : device,
			 "pipelined loop");
  if (dev == NULL)
    return NULL;		/* the regions run on the host */
  struct dm_ompt_op op;
  int traced = dm_pipe_ompt_begin (&op, ompt_target_enter_data, dev,
				   DM_OMPT_RA);
  struct dm_pipe *p = dm_pipe_begin (dev, lo, hi, step, chunk, streams,
				     mem_limit, narrays, arrays);
  if (traced)
    dm_ompt_target_end (&op);
  return p;
}

/* The pipeline PIPE names for ROUTINE: this thread's (PIPE NULL: none
   when the loop runs on the host).  A handle that is not that loop's (one
   ended already, another thread's, or no handle at all) is an error
   rather than memory read as a pipeline.  */
static struct dm_pipe *
dm_pipe_handle (void *pipe, const char *routine)
{
  if (pipe && pipe != dm_pipe_current)
    dm_fatal ("%s: %p is not this thread's pipelined loop (ended already, "
	      "begun on another thread, or not a handle from "
	      "deepmap_pipeline_begin)", routine, pipe);
  return dm_pipe_current;
}

DM_EXPORT void
deepmap_pipeline_iter (void *pipe, long k)
{
  struct dm_pipe *p = dm_pipe_handle (pipe, "deepmap_pipeline_iter");
  if (!p)
    return;
  /* Only an iteration that starts a chunk moves data.  */
  struct dm_ompt_op op;
  int traced = DM_OMPT_ON () && dm_pipe_moves (p, k)
	       && dm_pipe_ompt_begin (&op, ompt_target_update,
				      dm_pipe_device (p), DM_OMPT_RA);
  dm_pipe_iter (p, k);
  if (traced)
    dm_ompt_target_end (&op);
}

DM_EXPORT void
deepmap_pipeline_end (void *pipe)
{
  struct dm_pipe *p = dm_pipe_handle (pipe, "deepmap_pipeline_end");
  if (!p)
    return;
  struct dm_ompt_op op;
  int traced = dm_pipe_ompt_begin (&op, ompt_target_exit_data,
				   dm_pipe_device (p), DM_OMPT_RA);
  dm_pipe_end (p);
  if (traced)
    dm_ompt_target_end (&op);
}
