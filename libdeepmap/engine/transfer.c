/* transfer.c -- counted copies between host and device memory.  */
#include <stdlib.h>
#include <time.h>

#include "engine/devstate.h"
#include "engine/transfer.h"
#include "support/contenthash.h"
#include "support/error.h"
#include "support/hostmem.h"
#include "support/ompt.h"
#include "support/report.h"

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

/* The copy CALL between OMPT's begin and end of a data operation (a
   tool is attached, the timeline or the report recorded; a queued
   copy's end is when it is queued).  The timeline times a queued copy
   on its queue: TRACE_KIND's record between two queue callbacks.  The
   report gets the host rows (HEIGHT of WIDTH bytes, PITCH apart) once
   the copy is made or queued, with their hash when it was taken in or
   beside a synchronous copy (dm_copy_hashed, dm_copy_hash_beside).  */
#define DM_OMPT_TRANSFER(optype, src, src_dev, dst, dst_dev, size, call,  \
			 trace_kind, host, devaddr, width, pitch, devpitch, \
			 height)                                        \
  do                                                                    \
    {                                                                   \
      ompt_id_t _id = 0;                                                \
      uint64_t _rt = dm_report_enabled && !q ? dm_now_ns () : 0;        \
      int _fused = _rt && dev->ops->copy_hashed                         \
		   && (trace_kind) != DM_TR_D2D;                        \
      struct dm_hash_ticket *_ht                                        \
	= _rt && !_fused                                                \
	  ? dm_copy_hash_beside ((trace_kind), (const void *) (host),   \
				 (width), (pitch), (height)) : NULL;    \
      uint64_t _hash = 0;                                               \
      struct dm_trace_queued *_tq                                       \
	= q ? dm_ompt_queued ((trace_kind), q, dev->id, (uintptr_t) (host), \
			      (uintptr_t) (devaddr), (size)) : NULL;    \
      if (_tq)                                                          \
	dm_trace_queue_marks (dev, q, _tq, 1);                          \
      dm_ompt_data_op (ompt_scope_begin, &_id, (optype), (src), (src_dev), \
		       (dst), (dst_dev), (size));                       \
      int _r = _fused                                                   \
	       ? DM_TIMED (dev, dm_copy_hashed (dev, (trace_kind),      \
						(const void *) (host),  \
						(uintptr_t) (devaddr),  \
						(width), (pitch),       \
						(devpitch), (height),   \
						&_hash))                \
	       : (call);                                                \
      if (_ht)                                                          \
	_hash = dm_content_hash_end (_ht);                              \
      dm_ompt_data_op (ompt_scope_end, &_id, (optype), (src), (src_dev),  \
		       (dst), (dst_dev), (size));                       \
      if (dm_report_enabled && (trace_kind) != DM_TR_D2D && _r == 0)   \
	dm_copy_back_later (dev, q,                                     \
	  dm_report_copy ((trace_kind) == DM_TR_H2D, dev->id,           \
			  (const void *) (host), (width), (pitch), (height), \
			  q != NULL, _ht || _fused ? &_hash : NULL,     \
			  _rt ? dm_now_ns () - _rt : 0, dm_ompt_codeptr ())); \
      if (_tq)                                                          \
	dm_trace_queue_marks (dev, q, _tq, 0);                          \
      return _r;                                                        \
    }                                                                   \
  while (0)

/* For the report, a synchronous copy (KIND: to the device or back) of
   the host rows (HEIGHT of WIDTH bytes, PITCH apart) and the device's
   (DEVPITCH apart) through the backend's copy_hashed, which gives the
   bytes' hash in *HASH: the hash is taken in the copy's own pass.  */
static int
dm_copy_hashed (struct dm_device *dev, enum dm_trace_kind kind,
		const void *host, uintptr_t devaddr, size_t width,
		size_t pitch, size_t devpitch, size_t height, uint64_t *hash)
{
  if (kind == DM_TR_H2D)
    return dev->ops->copy_hashed (&dev->core, DM_COPY_H2D, devaddr, devpitch,
				  (uintptr_t) host, pitch, width, height,
				  hash);
  return dev->ops->copy_hashed (&dev->core, DM_COPY_D2H, (uintptr_t) host,
				pitch, devaddr, devpitch, width, height, hash);
}

/* Otherwise, for a synchronous copy to the device, the hash of its host
   rows (HEIGHT of WIDTH bytes, PITCH apart), which do not change during
   it, taken while the copy runs.  NULL: the report hashes the host rows
   after the copy (a copy back; and copies under DM_HASH_BESIDE_MIN,
   which hash faster than the hashing thread is woken).  */
#define DM_HASH_BESIDE_MIN ((size_t) 256 << 10)

static struct dm_hash_ticket *
dm_copy_hash_beside (enum dm_trace_kind kind, const void *host, size_t width,
		     size_t pitch, size_t height)
{
  if (kind != DM_TR_H2D || width * height < DM_HASH_BESIDE_MIN)
    return NULL;
  return dm_content_hash_begin (host, width, pitch, height);
}

/* For the report, the hash of a queued copy back (LATER, from
   dm_report_copy) once Q has passed it: the host bytes are the copy's
   from then until the construct completes.  */
static void
dm_copy_back_later (struct dm_device *dev, struct dm_queue *q,
		    struct dm_rp_later *later)
{
  if (later && dev->ops->queue_callback (&dev->core, q, dm_report_back_done,
					 later) != 0)
    free (later);
}

/* dm_trace_mark_time_fn over a device's mark_time op.  */
static int
dm_trace_mark_time (void *ctx, void *mark, int wait, uint64_t *ns)
{
  struct dm_device *dev = ctx;
  return dev->ops->mark_time (&dev->core, mark, wait, ns);
}

void
dm_trace_queue_marks (struct dm_device *dev, struct dm_queue *q,
		      struct dm_trace_queued *rec, int start)
{
  /* A device that keeps time marks the queue itself: no host callback
     stalls the queue, and the span is when the device did the work.  */
  if (dev->ops->mark_record)
    {
      void *mark = NULL;
      if (dev->ops->mark_record (&dev->core, q, &mark) != 0)
	mark = NULL;
      dm_trace_queued_marked (rec, start, mark, dm_trace_mark_time, dev);
      return;
    }
  /* Without the start mark the record is still freed by the stop.  */
  if (start)
    dev->ops->queue_callback (&dev->core, q, dm_trace_queued_start, rec);
  else if (dev->ops->queue_callback (&dev->core, q, dm_trace_queued_stop,
				     rec) != 0)
    free (rec);
}

int
dm_host_check_failed (const void *p, size_t size)
{
  dm_set_reason ("host [%p, %p) is not readable memory of the process (a "
		 "pointer that points nowhere: never set, to memory freed "
		 "since, or to a guard page)", p, (void *) ((uintptr_t) p + size));
  return -1;
}

int
dm_copy_to_device (struct dm_device *dev, uintptr_t dst, const void *src,
		   size_t size, struct dm_queue *q)
{
  if (size == 0)
    return 0;
  if (dm_host_check (src, size))
    return -1;
  dm_stats_add (&dev->stats.h2d_count, 1);
  dm_stats_add (&dev->stats.h2d_bytes, size);
  if (DM_OMPT_ON ())
    DM_OMPT_TRANSFER (q ? ompt_target_data_transfer_to_device_async
		        : ompt_target_data_transfer_to_device,
		      src, dm_ompt_host_device (), (void *) dst, dev->id, size,
		      DM_TIMED (dev, dev->ops->to_device (&dev->core, dst, src,
							  size, q)),
		      DM_TR_H2D, src, dst, size, size, size, 1);
  return DM_TIMED (dev, dev->ops->to_device (&dev->core, dst, src, size, q));
}

int
dm_copy_to_host (struct dm_device *dev, void *dst, uintptr_t src, size_t size,
		 struct dm_queue *q)
{
  if (size == 0)
    return 0;
  if (dm_host_check (dst, size))
    return -1;
  dm_stats_add (&dev->stats.d2h_count, 1);
  dm_stats_add (&dev->stats.d2h_bytes, size);
  if (DM_OMPT_ON ())
    DM_OMPT_TRANSFER (q ? ompt_target_data_transfer_from_device_async
		        : ompt_target_data_transfer_from_device,
		      (void *) src, dev->id, dst, dm_ompt_host_device (), size,
		      DM_TIMED (dev, dev->ops->to_host (&dev->core, dst, src,
							size, q)),
		      DM_TR_D2H, dst, src, size, size, size, 1);
  return DM_TIMED (dev, dev->ops->to_host (&dev->core, dst, src, size, q));
}

int
dm_copy_device_to_device (struct dm_device *dev, uintptr_t dst, uintptr_t src,
			  size_t size, struct dm_queue *q)
{
  if (size == 0)
    return 0;
  dm_stats_add (&dev->stats.d2d_count, 1);
  dm_stats_add (&dev->stats.d2d_bytes, size);
  /* OpenMP 5.1 has no device-to-device kind: a transfer to the device
     whose source is on the device too.  */
  if (DM_OMPT_ON ())
    DM_OMPT_TRANSFER (q ? ompt_target_data_transfer_to_device_async
		        : ompt_target_data_transfer_to_device,
		      (void *) src, dev->id, (void *) dst, dev->id, size,
		      DM_TIMED (dev, dev->ops->device_to_device (&dev->core,
								 dst, src,
								 size, q)),
		      DM_TR_D2D, src, dst, size, size, size, 1);
  return DM_TIMED (dev, dev->ops->device_to_device (&dev->core, dst, src,
						    size, q));
}

int
dm_copy_to_device_uncounted (struct dm_device *dev, uintptr_t dst,
			     const void *src, size_t size, struct dm_queue *q)
{
  return size ? dev->ops->to_device (&dev->core, dst, src, size, q) : 0;
}

int
dm_copy_to_host_uncounted (struct dm_device *dev, void *dst, uintptr_t src,
			   size_t size, struct dm_queue *q)
{
  return size ? dev->ops->to_host (&dev->core, dst, src, size, q) : 0;
}

int
dm_device_clear (struct dm_device *dev, uintptr_t addr, size_t size)
{
  if (dev->ops->clear)
    return dev->ops->clear (&dev->core, addr, size);
  static const char zeros[64 << 10];
  for (size_t off = 0; off < size; off += sizeof zeros)
    {
      size_t n = size - off < sizeof zeros ? size - off : sizeof zeros;
      if (dev->ops->to_device (&dev->core, addr + off, zeros, n, NULL) != 0)
	return -1;
    }
  return 0;
}

/* Row by row through the 1-D operations: a backend without copy_2d.  */
static int
dm_copy_2d_rows (struct dm_device *dev, enum dm_copy_dir dir, uintptr_t dst,
		 size_t dpitch, uintptr_t src, size_t spitch, size_t width,
		 size_t height, struct dm_queue *q)
{
  for (size_t r = 0; r < height; r++)
    {
      uintptr_t d = dst + r * dpitch, s = src + r * spitch;
      int ret = dir == DM_COPY_H2D
		? dev->ops->to_device (&dev->core, d, (const void *) s, width,
				       q)
		: dir == DM_COPY_D2H
		? dev->ops->to_host (&dev->core, (void *) d, s, width, q)
		: dev->ops->device_to_device (&dev->core, d, s, width, q);
      if (ret != 0)
	return ret;
    }
  return 0;
}

static int
dm_copy_2d_call (struct dm_device *dev, enum dm_copy_dir dir, uintptr_t dst,
		 size_t dpitch, uintptr_t src, size_t spitch, size_t width,
		 size_t height, struct dm_queue *q)
{
  if (dev->ops->copy_2d)
    return dev->ops->copy_2d (&dev->core, dir, dst, dpitch, src, spitch, width,
			      height, q);
  return dm_copy_2d_rows (dev, dir, dst, dpitch, src, spitch, width, height,
			  q);
}

int
dm_copy_2d (struct dm_device *dev, enum dm_copy_dir dir, uintptr_t dst,
	    size_t dpitch, uintptr_t src, size_t spitch, size_t width,
	    size_t height, struct dm_queue *q)
{
  size_t size = width * height;
  if (size == 0)
    return 0;
  /* The host rows, first to last.  */
  if (dir != DM_COPY_D2D
      && dm_host_check ((const void *) (dir == DM_COPY_H2D ? src : dst),
			(height - 1) * (dir == DM_COPY_H2D ? spitch : dpitch)
			+ width))
    return -1;
  /* One transfer where the backend makes it one, as the link sees it.  */
  uint64_t n = dev->ops->copy_2d ? 1 : height;
  struct dm_stats *st = &dev->stats;
  dm_stats_add (dir == DM_COPY_H2D ? &st->h2d_count
		: dir == DM_COPY_D2H ? &st->d2h_count : &st->d2d_count, n);
  dm_stats_add (dir == DM_COPY_H2D ? &st->h2d_bytes
		: dir == DM_COPY_D2H ? &st->d2h_bytes : &st->d2d_bytes, size);
  if (DM_OMPT_ON ())
    {
      int hostdev = dm_ompt_host_device ();
      DM_OMPT_TRANSFER (dir == DM_COPY_D2H
			? (q ? ompt_target_data_transfer_from_device_async
			   : ompt_target_data_transfer_from_device)
			: (q ? ompt_target_data_transfer_to_device_async
			   : ompt_target_data_transfer_to_device),
			(void *) src, dir == DM_COPY_H2D ? hostdev : dev->id,
			(void *) dst, dir == DM_COPY_D2H ? hostdev : dev->id,
			size,
			DM_TIMED (dev, dm_copy_2d_call (dev, dir, dst, dpitch,
							src, spitch, width,
							height, q)),
			dir == DM_COPY_H2D ? DM_TR_H2D
			: dir == DM_COPY_D2H ? DM_TR_D2H : DM_TR_D2D,
			dir == DM_COPY_D2H ? dst : src,
			dir == DM_COPY_D2H ? src : dst, width,
			dir == DM_COPY_D2H ? dpitch : spitch,
			dir == DM_COPY_D2H ? spitch : dpitch, height);
    }
  return DM_TIMED (dev, dm_copy_2d_call (dev, dir, dst, dpitch, src, spitch,
					 width, height, q));
}
