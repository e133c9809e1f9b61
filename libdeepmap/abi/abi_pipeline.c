/* abi_pipeline.c -- deepmap_pipeline_begin/iter/end (deepmap.h): what
   the plugin's lowering of #pragma deepmap pipeline calls.  */
#include <stddef.h>

#include "deepmap.h"
#include "abi/devices.h"
#include "map/pipeline.h"
#include "support/error.h"
#include "support/export.h"
#include "support/ompabi.h"

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
  return dm_pipe_begin (dev, lo, hi, step, chunk, streams, mem_limit,
			narrays, arrays);
}

DM_EXPORT void
deepmap_pipeline_iter (void *pipe, long k)
{
  struct dm_pipe *p = pipe ? (struct dm_pipe *) pipe : dm_pipe_current;
  if (p)
    dm_pipe_iter (p, k);
}

DM_EXPORT void
deepmap_pipeline_end (void *pipe)
{
  struct dm_pipe *p = pipe ? (struct dm_pipe *) pipe : dm_pipe_current;
  if (p)
    dm_pipe_end (p);
}
