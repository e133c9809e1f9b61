/* stats.c -- DEEPMAP_STATS=1: per-device counters printed at exit.  */
#include <stdio.h>

#include "device.h"

void
dm_stats_print (void)
{
  int n = dm_num_devices ();
  /* The program's own output first: it is what the numbers explain.  */
  fflush (stdout);
  for (int i = 0; i < n; i++)
    {
      struct dm_device *dev = dm_device_get (i);
      struct dm_stats *s = &dev->stats;
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
}
