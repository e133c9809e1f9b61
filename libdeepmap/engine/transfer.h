/* transfer.h -- every host/device copy of the mapping layer goes through
   here: it counts (stats.h) and reports nothing itself; errors come back
   as -1 with a reason.  The CUDA backend's chunking and staging live
   behind the device ops, not here.  */
#ifndef DM_TRANSFER_H
#define DM_TRANSFER_H

#include <stddef.h>
#include <stdint.h>

#include "device/device.h"
#include "support/hostmem.h"

struct dm_device;
struct dm_queue;
struct dm_trace_queued;

/* 0 when the host bytes [P, P + SIZE) can be copied (dm_host_mapped),
   else -1 with the reason; the copies below ask it themselves.  */
int dm_host_check_failed (const void *p, size_t size);
static inline int
dm_host_check (const void *p, size_t size)
{
  if (__builtin_expect (dm_host_mapped ((uintptr_t) p, size), 1))
    return 0;
  return dm_host_check_failed (p, size);
}

int dm_copy_to_device (struct dm_device *dev, uintptr_t dst, const void *src,
		       size_t size, struct dm_queue *q);
int dm_copy_to_host (struct dm_device *dev, void *dst, uintptr_t src,
		     size_t size, struct dm_queue *q);
int dm_copy_device_to_device (struct dm_device *dev, uintptr_t dst,
			      uintptr_t src, size_t size, struct dm_queue *q);

/* A 2-D strided copy, counted as one transfer of WIDTH * HEIGHT bytes
   (see copy_2d in device.h; host addresses as integers).  */
int dm_copy_2d (struct dm_device *dev, enum dm_copy_dir dir, uintptr_t dst,
		size_t dpitch, uintptr_t src, size_t spitch, size_t width,
		size_t height, struct dm_queue *q);

/* The explicit uncounted path: bytes the runtime moves for itself, not
   the program's data (a region's argument block, as a GPU's kernel
   parameters; a declare-target link pointer; a check's read).  The
   statistics measure the program's data movement.  */
int dm_copy_to_device_uncounted (struct dm_device *dev, uintptr_t dst,
				 const void *src, size_t size,
				 struct dm_queue *q);
int dm_copy_to_host_uncounted (struct dm_device *dev, void *dst,
			       uintptr_t src, size_t size,
			       struct dm_queue *q);

/* Make SIZE bytes of device memory at ADDR zero (synchronous; not a
   transfer of the program's data, so not counted): the backend's clear,
   else copies from a buffer of zeros.  */
int dm_device_clear (struct dm_device *dev, uintptr_t addr, size_t size);

/* The timeline: queue REC's start (START) or stop callback on Q, around
   queued work (a copy, a region).  */
void dm_trace_queue_marks (struct dm_device *dev, struct dm_queue *q,
			   struct dm_trace_queued *rec, int start);

#endif
