/* stats.c -- DEEPMAP_STATS=1: per-device counters printed at exit.  */
#include <stdio.h>

#include "engine/devstate.h"

void
dm_stats_print (struct dm_device *dev)
{
  struct dm_stats *s = &dev->stats;
  int i = dev->id;
  fprintf (stderr,
	   "deepmap: device %d (%s): h2d %llu transfers %llu bytes, "
	   "d2h %llu transfers %llu bytes, d2d %llu transfers %llu bytes\n",
	   i, dev->ops->name, (unsigned long long) s->h2d_count,
	   (unsigned long long) s->h2d_bytes,
	   (unsigned long long) s->d2h_count,
	   (unsigned long long) s->d2h_bytes,
	   (unsigned long long) s->d2d_count,
	   (unsigned long long) s->d2d_bytes);
  fprintf (stderr,
	   "deepmap: device %d (%s): allocations %llu, peak %zu bytes, "
	   "launches %llu, transfer time %.6f s\n",
	   i, dev->ops->name, (unsigned long long) s->allocs,
	   dev->pool.peak, (unsigned long long) s->launches,
	   (double) s->transfer_ns * 1e-9);
}
