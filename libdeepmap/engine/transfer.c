/* transfer.c -- counted copies between host and device memory.  */
#include <time.h>

#include "device/device.h"
#include "engine/transfer.h"

int dm_stats_enabled;

uint64_t
dm_now_ns (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_MONOTONIC, &ts);
  return (uint64_t) ts.tv_sec * 1000000000u + (uint64_t) ts.tv_nsec;
}

/* Time is only taken when statistics are on: two clock reads would double
   the cost of mapping a small object.  Queued copies count the time to
   enqueue them.  */
#define DM_TIMED(dev, call)                                             \
  ({                                                                    \
    int _r;                                                             \
    if (__builtin_expect (dm_stats_enabled, 0))                         \
      {                                                                 \
	uint64_t _t0 = dm_now_ns ();                                    \
	_r = (call);                                                    \
	dm_stats_add (&(dev)->stats.transfer_ns, dm_now_ns () - _t0);   \
      }                                                                 \
    else                                                                \
      _r = (call);                                                      \
    _r;                                                                 \
  })

int
dm_copy_to_device (struct dm_device *dev, uintptr_t dst, const void *src,
		   size_t size, struct dm_queue *q)
{
  if (size == 0)
    return 0;
  dm_stats_add (&dev->stats.h2d_count, 1);
  dm_stats_add (&dev->stats.h2d_bytes, size);
  return DM_TIMED (dev, dev->ops->to_device (dev, dst, src, size, q));
}

int
dm_copy_to_host (struct dm_device *dev, void *dst, uintptr_t src, size_t size,
		 struct dm_queue *q)
{
  if (size == 0)
    return 0;
  dm_stats_add (&dev->stats.d2h_count, 1);
  dm_stats_add (&dev->stats.d2h_bytes, size);
  return DM_TIMED (dev, dev->ops->to_host (dev, dst, src, size, q));
}

int
dm_copy_device_to_device (struct dm_device *dev, uintptr_t dst, uintptr_t src,
			  size_t size, struct dm_queue *q)
{
  if (size == 0)
    return 0;
  dm_stats_add (&dev->stats.d2d_count, 1);
  dm_stats_add (&dev->stats.d2d_bytes, size);
  return DM_TIMED (dev, dev->ops->device_to_device (dev, dst, src, size, q));
}

int
dm_copy_to_device_uncounted (struct dm_device *dev, uintptr_t dst,
			     const void *src, size_t size, struct dm_queue *q)
{
  return size ? dev->ops->to_device (dev, dst, src, size, q) : 0;
}

int
dm_copy_to_host_uncounted (struct dm_device *dev, void *dst, uintptr_t src,
			   size_t size, struct dm_queue *q)
{
  return size ? dev->ops->to_host (dev, dst, src, size, q) : 0;
}
