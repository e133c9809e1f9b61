/* stats.h -- per-device transfer statistics (DEEPMAP_STATS=1 prints them
   at exit).  Later layers (hoisting, pipelining) are judged by these
   counters, so every transfer goes through transfer.c, which counts.  */
#ifndef DM_STATS_H
#define DM_STATS_H

#include <stddef.h>
#include <stdint.h>

struct dm_stats
{
  uint64_t h2d_count, h2d_bytes;	/* host to device */
  uint64_t d2h_count, d2h_bytes;	/* device to host */
  uint64_t d2d_count, d2d_bytes;	/* device to device */
  uint64_t allocs, frees;		/* pool blocks handed out / back */
  uint64_t launches;			/* target regions run */
  uint64_t transfer_ns;			/* time in transfers (stats on only) */
};

/* Nonzero when DEEPMAP_STATS asks for statistics (timing is only taken
   then).  */
extern int dm_stats_enabled;

/* Counters are only kept when they will be printed: an atomic add costs
   more than the rest of a small copy's bookkeeping, and a mapping does
   several.  */
static inline void
dm_stats_add (uint64_t *counter, uint64_t n)
{
  if (__builtin_expect (dm_stats_enabled, 0))
    __atomic_fetch_add (counter, n, __ATOMIC_RELAXED);
}

/* Monotonic nanoseconds.  */
uint64_t dm_now_ns (void);

struct dm_device;

/* Print DEV's statistics on stderr.  */
void dm_stats_print (struct dm_device *dev);

#endif
