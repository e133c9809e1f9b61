/* pipeline.c -- pipelined loops (see pipeline.h).

   Chunk C of N iterations runs in slot C % S of every pipelined array,
   and every copy for that slot goes onto queue C % S, so one in-order
   queue orders a slot's reuse: chunk C's copy-in is queued behind chunk
   C - S's copy-out.  Per chunk C, when its first iteration starts:
     1. the copy-out of chunk C - 1 is queued (its rows that chunk C does
	not hold; those move on with C and come back later);
     2. queue C % S is waited for: chunk C's new rows are in;
     3. the rows C shares with C - 1 (a halo) move from slot (C-1) % S on
	the device: they are not sent again, and carry what C - 1 wrote;
     4. the copy-in of chunk C + S - 1 is queued into slot (C-1) % S,
	which step 3 has just finished reading.
   Regions run synchronously on the calling thread between these steps,
   so while chunk C computes, the queues copy out C - 1 and copy in the
   chunks up to C + S - 1: transfers overlap regions, and device memory
   is S slots per array whatever the size of the data.  */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "deepmap.h"
#include "engine/devstate.h"
#include "engine/pool.h"
#include "engine/transfer.h"
#include "map/directory.h"
#include "map/mapping.h"
#include "map/pipeline.h"
#include "support/config.h"
#include "support/error.h"
#include "support/ompabi.h"
#include "support/ompt.h"

#define DM_PIPE_DEFAULT_STREAMS 3

struct dm_pipe_arr
{
  uintptr_t base;
  size_t row_bytes;
  long count;			/* > 0: split in the second dimension */
  size_t pitch;			/* then: bytes of an outer row */
  long scale, offset, rows;
  unsigned map;
  char name[32];
  int resident;			/* mapped in full already: not pipelined */
  size_t slot_rows;		/* rows one slot holds */
  uintptr_t buf;		/* S slots, one pool block */
  size_t buf_size;
  uintptr_t ext_lo, ext_hi;	/* host bytes translated into slots */
};

struct dm_pipe
{
  struct dm_device *dev;
  long lo, step, chunk, niters, nchunks;
  int nslots;
  struct dm_queue **q;
  long cur;			/* chunk whose regions run, -1: none yet */
  long issued;			/* chunks whose copy-in is queued */
  long last;			/* last iteration index started */
  size_t narr;
  struct dm_pipe_arr *a;
};

DM_TLS struct dm_pipe *dm_pipe_current;

/* First and one-past-last row array A uses in chunk C, iterations
   [C * chunk, min (niters, (C + 1) * chunk)), or up to iteration LAST
   when LAST >= 0 (a loop left early).  */
static void
dm_pipe_rows (const struct dm_pipe *p, const struct dm_pipe_arr *a, long c,
	      long last, long *rlo, long *rhi)
{
  long first = c * p->chunk;
  long end = (c + 1) * p->chunk < p->niters ? (c + 1) * p->chunk : p->niters;
  if (last >= 0)
    end = last + 1;
  long kf = p->lo + first * p->step, kl = p->lo + (end - 1) * p->step;
  *rlo = a->scale * kf + a->offset;
  *rhi = a->scale * kl + a->offset + a->rows;
}

/* Slots of an array split in its second dimension keep the host's row
   pitch, so that the regions' own indices reach them: slot S's columns
   sit at column offset (S % PER) * width of group S / PER, where a group
   is COUNT rows of PITCH bytes holding PER slots side by side.  */
static size_t
dm_pipe_per_group (const struct dm_pipe_arr *a, size_t slot_rows)
{
  size_t w = slot_rows * a->row_bytes;
  return w && w <= a->pitch ? a->pitch / w : 1;
}

static size_t
dm_pipe_group_span (const struct dm_pipe_arr *a, size_t slot_rows)
{
  return (size_t) (a->count - 1) * a->pitch
	 + dm_pipe_per_group (a, slot_rows) * slot_rows * a->row_bytes;
}

/* Device bytes of S slots of SLOT_ROWS rows of array A; ULLONG_MAX when
   that does not fit (more than any limit: asking many streams of a large
   array is an error, not a wrapped small size).  */
static unsigned long long
dm_pipe_arr_bytes (const struct dm_pipe_arr *a, size_t slot_rows, int s)
{
  unsigned long long n, per = a->count == 0 ? 1
				 : dm_pipe_per_group (a, slot_rows);
  unsigned long long each = a->count == 0 ? slot_rows * a->row_bytes
			    : dm_pipe_group_span (a, slot_rows);
  if (__builtin_mul_overflow ((s + per - 1) / per, each, &n))
    return ULLONG_MAX;
  return n;
}

static uintptr_t
dm_pipe_slot (const struct dm_pipe *p, const struct dm_pipe_arr *a, long c)
{
  size_t s = (size_t) (c % p->nslots), w = a->slot_rows * a->row_bytes;
  if (a->count == 0)
    return a->buf + s * w;
  size_t per = dm_pipe_per_group (a, a->slot_rows);
  return a->buf + s / per * dm_pipe_group_span (a, a->slot_rows)
	 + s % per * w;
}

/* Copy rows [FROM, TO) of A between host H and device D (2-D when the
   split is in the second dimension).  */
static int
dm_pipe_move (struct dm_pipe *p, const struct dm_pipe_arr *a,
	      enum dm_copy_dir dir, uintptr_t dst, uintptr_t src, long from,
	      long to, struct dm_queue *q)
{
  size_t width = (size_t) (to - from) * a->row_bytes;
  if (a->count > 0)
    return dm_copy_2d (p->dev, dir, dst, a->pitch, src, a->pitch, width,
		       (size_t) a->count, q);
  if (dir == DM_COPY_H2D)
    return dm_copy_to_device (p->dev, dst, (const void *) src, width, q);
  if (dir == DM_COPY_D2H)
    return dm_copy_to_host (p->dev, (void *) dst, src, width, q);
  return dm_copy_device_to_device (p->dev, dst, src, width, q);
}

static const char *
dm_pipe_name (const struct dm_pipe_arr *a)
{
  return a->name[0] ? a->name : "an array";
}

/* Slot memory of all arrays for CHUNK iterations per chunk, S slots.  */
static unsigned long long
dm_pipe_bytes (struct dm_pipe *p, long chunk, int s)
{
  unsigned long long total = 0;
  for (size_t i = 0; i < p->narr; i++)
    if (!p->a[i].resident)
      total += dm_pipe_arr_bytes (&p->a[i],
				  (size_t) (p->a[i].scale * (chunk - 1)
					    * p->step + p->a[i].rows), s);
  return total;
}

/* Chunk size and stream count within LIMIT: the caller's, checked, or
   the largest chunk that fits, kept small enough that the loop has
   several chunks per slot to overlap.  */
static void
dm_pipe_size (struct dm_pipe *p, long chunk, int streams,
	      unsigned long long limit)
{
  int s = streams > 0 ? streams : DM_PIPE_DEFAULT_STREAMS;
  if (chunk > p->niters)
    chunk = p->niters;
  if (s < 2)
    s = 2;			/* a halo moves from the previous slot */
  if (streams <= 0)
    while (s > 2 && dm_pipe_bytes (p, 1, s) > limit)
      s--;
  if (dm_pipe_bytes (p, 1, s) > limit)
    dm_fatal ("pipeline: %d slots of a one-iteration chunk need %llu bytes "
	      "of device memory, more than the limit of %llu bytes", s,
	      dm_pipe_bytes (p, 1, s), limit);
  if (chunk > 0)
    {
      if (dm_pipe_bytes (p, chunk, s) > limit)
	dm_fatal ("pipeline: %d slots of %ld-iteration chunks need %llu bytes "
		  "of device memory, more than the limit of %llu bytes", s,
		  chunk, dm_pipe_bytes (p, chunk, s), limit);
    }
  else
    {
      long most = p->niters / (4 * s) > 1 ? p->niters / (4 * s) : 1;
      chunk = 1;
      while (chunk < most && dm_pipe_bytes (p, chunk * 2, s) <= limit)
	chunk *= 2;
      if (chunk > most)
	chunk = most;
    }
  /* More slots than chunks would only hold memory.  */
  long nchunks = (p->niters + chunk - 1) / chunk;
  if (s > nchunks)
    s = (int) nchunks;
  p->chunk = chunk;
  p->nslots = s;
}

/* Check array I of P and find out whether it is mapped already.  */
static void
dm_pipe_check (struct dm_pipe *p, size_t i)
{
  struct dm_pipe_arr *a = &p->a[i];
  if (a->base == 0 || a->row_bytes == 0 || a->rows <= 0 || a->scale < 0
      || a->map == 0 || (a->map & ~(unsigned) DEEPMAP_PIPE_TOFROM)
      || a->count < 0 || (a->count > 0 && a->pitch < a->row_bytes))
    dm_fatal ("pipeline: bad description of %s (base %p, %zu bytes per row, "
	      "rows %ld*k%+ld for %ld, map %u)", dm_pipe_name (a),
	      (void *) a->base, a->row_bytes, a->scale, a->offset, a->rows,
	      a->map);
  long rlo, rhi, dummy;
  dm_pipe_rows (p, a, 0, -1, &rlo, &dummy);
  dm_pipe_rows (p, a, p->nchunks - 1, -1, &dummy, &rhi);
  if (rlo < 0)
    dm_fatal ("pipeline: iteration %ld uses row %ld of %s, before its first "
	      "row", p->lo, rlo, dm_pipe_name (a));
  /* The rows the loop reaches must lie in the address space: sizes
     computed from them below cannot wrap then.  */
  size_t span, outer = 0;
  if (__builtin_mul_overflow ((size_t) rhi, a->row_bytes, &span)
      || (a->count > 0
	  && __builtin_mul_overflow ((size_t) (a->count - 1), a->pitch,
				     &outer))
      || __builtin_add_overflow (span, outer, &span)
      || a->base + span < a->base)
    dm_fatal ("pipeline: %s (host %p, %zu bytes per row, rows up to %ld) "
	      "reaches beyond the address space", dm_pipe_name (a),
	      (void *) a->base, a->row_bytes, rhi - 1);
  /* The array's base itself (a pointer the region receives) translates
     too, whatever rows the loop uses.  */
  if (a->count > 0 && (size_t) rhi * a->row_bytes > a->pitch)
    dm_fatal ("pipeline: iteration %ld uses column %ld of %s, beyond its "
	      "rows of %zu bytes", p->lo + (p->niters - 1) * p->step,
	      rhi - 1, dm_pipe_name (a), a->pitch);
  a->ext_lo = a->base;
  a->ext_hi = a->base + (size_t) rhi * a->row_bytes;
  if (a->count > 0)
    a->ext_hi += (size_t) (a->count - 1) * a->pitch;
  uintptr_t s = a->base + (size_t) rlo * a->row_bytes;
  struct dm_device *dev = p->dev;
  dm_device_lock (dev);
  /* A resident array's device bytes are used as they are.  */
  dm_pending_flush_all (dev);
  int all = dm_dir_present (dev, s, a->ext_hi);
  int any = dm_dir_any_present (dev, s, a->ext_hi);
  pthread_mutex_unlock (&dev->lock);
  if (all)
    {
      a->resident = 1;
      if (dm_config.trace || dm_config.stats)
	fprintf (stderr, "deepmap: note: pipeline: %s is mapped already; its "
		 "device copy is used, not pipelined\n", dm_pipe_name (a));
    }
  else if (any)
    dm_fatal ("pipeline: %s (host %p to %p) is already mapped with a "
	      "different extent", dm_pipe_name (a), (void *) s,
	      (void *) a->ext_hi);
  for (size_t j = 0; j < i; j++)
    if (!p->a[j].resident && !a->resident && a->ext_lo < p->a[j].ext_hi
	&& p->a[j].ext_lo < a->ext_hi)
      dm_fatal ("pipeline: %s and %s overlap", dm_pipe_name (&p->a[j]),
		dm_pipe_name (a));
}

/* Rows [*FROM, *TO) of array A that chunk C copies in (TO_DEVICE: those
   chunk C - 1 does not hold) or out (up to iteration LAST if >= 0; unless
   FINAL, not those the next chunk holds: they come back with it).  */
static void
dm_pipe_moved_rows (const struct dm_pipe *p, const struct dm_pipe_arr *a,
		    long c, int to_device, long last, int final, long *from,
		    long *to)
{
  long olo, ohi;
  dm_pipe_rows (p, a, c, to_device ? -1 : last, from, to);
  if (to_device && c > 0)
    {
      dm_pipe_rows (p, a, c - 1, -1, &olo, &ohi);
      if (ohi > *from)
	*from = ohi;
    }
  else if (!to_device && !final)
    {
      dm_pipe_rows (p, a, c + 1, -1, &olo, &ohi);
      if (olo < *to)
	*to = olo;
    }
}

/* Queue the copy of rows [FROM, TO) of array A of chunk C (whose slot
   starts at row RLO) to the device (TO_DEVICE) or back, on Q.  */
static void
dm_pipe_copy_rows (struct dm_pipe *p, struct dm_pipe_arr *a, long c,
		   long rlo, long from, long to, int to_device,
		   struct dm_queue *q)
{
  uintptr_t d = dm_pipe_slot (p, a, c) + (size_t) (from - rlo) * a->row_bytes;
  uintptr_t h = a->base + (size_t) from * a->row_bytes;
  int r = to_device
	  ? dm_pipe_move (p, a, DM_COPY_H2D, d, h, from, to, q)
	  : dm_pipe_move (p, a, DM_COPY_D2H, h, d, from, to, q);
  if (r != 0)
    dm_fatal ("pipeline: copying rows %ld to %ld of %s %s device %d "
	      "failed: %s", from, to - 1, dm_pipe_name (a),
	      to_device ? "to" : "back from", p->dev->id, dm_reason ());
}

/* Queue chunk C's copies to the device (TO_DEVICE) or back.  */
static void
dm_pipe_copy (struct dm_pipe *p, long c, int to_device, long last, int final)
{
  struct dm_queue *q = p->q[c % p->nslots];
  unsigned want = to_device ? DEEPMAP_PIPE_TO : DEEPMAP_PIPE_FROM;
  for (size_t i = 0; i < p->narr; i++)
    {
      struct dm_pipe_arr *a = &p->a[i];
      long rlo, rhi, from, to;
      if (a->resident || !(a->map & want))
	continue;
      dm_pipe_rows (p, a, c, -1, &rlo, &rhi);
      dm_pipe_moved_rows (p, a, c, to_device, last, final, &from, &to);
      if (from >= to)
	continue;
      /* A from array whose iterations leave rows between them (a split
	 such as 2*k:1) brings back the rows they name only: the others
	 were never copied in.  */
      long gap = a->scale * p->step > a->rows && !to_device
		 && !(a->map & DEEPMAP_PIPE_TO);
      long first = c * p->chunk, it = first;
      do
	{
	  long f = from, t = to;
	  if (gap)
	    {
	      long k = p->lo + it * p->step;
	      f = a->scale * k + a->offset;
	      t = f + a->rows;
	      if (f < from)
		f = from;
	      if (t > to)
		t = to;
	    }
	  if (f < t)
	    dm_pipe_copy_rows (p, a, c, rlo, f, t, to_device, q);
	  it++;
	}
      while (gap && it < first + p->chunk && it < p->niters
	     && (last < 0 || it <= last));
    }
}

/* Move the rows chunk C shares with chunk C - 1 into C's slot.  */
static void
dm_pipe_halo (struct dm_pipe *p, long c)
{
  for (size_t i = 0; i < p->narr; i++)
    {
      struct dm_pipe_arr *a = &p->a[i];
      if (a->resident)
	continue;
      long rlo, rhi, plo, phi;
      dm_pipe_rows (p, a, c, -1, &rlo, &rhi);
      dm_pipe_rows (p, a, c - 1, -1, &plo, &phi);
      long end = phi < rhi ? phi : rhi;
      if (rlo >= end)
	continue;
      uintptr_t src = dm_pipe_slot (p, a, c - 1)
		      + (size_t) (rlo - plo) * a->row_bytes;
      if (dm_pipe_move (p, a, DM_COPY_D2D, dm_pipe_slot (p, a, c), src, rlo,
			end, NULL) != 0)
	dm_fatal ("pipeline: moving rows %ld to %ld of %s between slots of "
		  "device %d failed: %s", rlo, end - 1, dm_pipe_name (a),
		  p->dev->id, dm_reason ());
    }
}

static void
dm_pipe_alloc (struct dm_pipe *p)
{
  struct dm_device *dev = p->dev;
  p->q = calloc ((size_t) p->nslots, sizeof *p->q);
  if (!p->q)
    dm_fatal ("pipeline: out of host memory");
  for (int s = 0; s < p->nslots; s++)
    if ((p->q[s] = dev->ops->queue_create (&dev->core)) == NULL)
      dm_fatal ("pipeline: cannot create a queue on device %d: %s", dev->id,
		dm_reason ());
  dm_device_lock (dev);
  for (size_t i = 0; i < p->narr; i++)
    {
      struct dm_pipe_arr *a = &p->a[i];
      if (a->resident)
	continue;
      a->slot_rows = (size_t) (a->scale * (p->chunk - 1) * p->step + a->rows);
      a->buf_size = dm_pipe_arr_bytes (a, a->slot_rows, p->nslots);
      ompt_id_t op = 0;
      if (DM_OMPT_ON ())
	dm_ompt_data_op (ompt_scope_begin, &op, ompt_target_data_alloc, NULL,
			 dm_ompt_host_device (), NULL, dev->id, a->buf_size);
      if (dm_pool_alloc (dev, a->buf_size, &a->buf) != 0)
	{
	  pthread_mutex_unlock (&dev->lock);
	  dm_fatal ("pipeline: cannot allocate %d slots of %zu bytes for %s "
		    "on device %d: %s", p->nslots, a->buf_size / p->nslots,
		    dm_pipe_name (a), dev->id, dm_reason ());
	}
      if (DM_OMPT_ON ())
	dm_ompt_data_op (ompt_scope_end, &op, ompt_target_data_alloc, NULL,
			 dm_ompt_host_device (), (void *) a->buf, dev->id,
			 a->buf_size);
    }
  pthread_mutex_unlock (&dev->lock);
}

/* Free P's slots (under the device lock).  */
static void
dm_pipe_free (struct dm_pipe *p)
{
  struct dm_device *dev = p->dev;
  for (size_t i = 0; i < p->narr; i++)
    {
      struct dm_pipe_arr *a = &p->a[i];
      if (!a->buf)
	continue;
      ompt_id_t op = 0;
      if (DM_OMPT_ON ())
	dm_ompt_data_op (ompt_scope_begin, &op, ompt_target_data_delete, NULL,
			 dm_ompt_host_device (), (void *) a->buf, dev->id,
			 a->buf_size);
      dm_pool_free (dev, a->buf, a->buf_size);
      if (DM_OMPT_ON ())
	dm_ompt_data_op (ompt_scope_end, &op, ompt_target_data_delete, NULL,
			 dm_ompt_host_device (), (void *) a->buf, dev->id,
			 a->buf_size);
    }
}

/* Wait for P's queue of slot S (the wait shows on the timeline); nonzero
   when a copy on it failed.  */
static int
dm_pipe_wait (struct dm_pipe *p, int s)
{
  struct dm_device *dev = p->dev;
  uint64_t t0 = DM_OMPT_ON () ? dm_ompt_clock () : 0;
  int r = dev->ops->queue_sync (&dev->core, p->q[s]);
  if (t0)
    dm_ompt_wait (t0, dev->id, p->q[s]);
  return r;
}

struct dm_pipe *
dm_pipe_begin (struct dm_device *dev, long lo, long hi, long step, long chunk,
	       int streams, unsigned long long mem_limit, size_t narrays,
	       const struct deepmap_pipe_array *arrays)
{
  if (dm_pipe_current)
    dm_fatal ("pipeline: a pipelined loop inside another one on the same "
	      "thread is not supported");
  if (step <= 0)
    dm_fatal ("pipeline: the loop's step must be positive (it is %ld)", step);
  if (narrays == 0 || arrays == NULL)
    dm_fatal ("pipeline: no arrays to pipeline");
  struct dm_pipe *p = calloc (1, sizeof *p);
  struct dm_pipe_arr *a = calloc (narrays, sizeof *a);
  if (!p || !a)
    dm_fatal ("pipeline: out of host memory");
  p->dev = dev;
  p->lo = lo;
  p->step = step;
  p->niters = hi > lo ? (hi - lo + step - 1) / step : 0;
  p->cur = -1;
  p->last = -1;
  p->a = a;
  p->narr = narrays;
  p->chunk = 1;
  p->nchunks = p->niters;
  for (size_t i = 0; i < narrays; i++)
    {
      a[i].base = (uintptr_t) arrays[i].base;
      a[i].row_bytes = arrays[i].row_bytes;
      a[i].scale = arrays[i].scale;
      a[i].offset = arrays[i].offset;
      a[i].rows = arrays[i].rows;
      a[i].map = arrays[i].map;
      a[i].count = arrays[i].count;
      a[i].pitch = arrays[i].pitch;
      if (arrays[i].name)
	snprintf (a[i].name, sizeof a[i].name, "%s", arrays[i].name);
    }
  if (p->niters == 0)
    {
      dm_pipe_current = p;
      return p;
    }
  for (size_t i = 0; i < narrays; i++)
    dm_pipe_check (p, i);
  if (mem_limit == 0)
    {
      size_t free_bytes = 0, total = 0;
      if (dev->ops->mem_info (&dev->core, &free_bytes, &total) != 0)
	free_bytes = (size_t) 1 << 30;
      mem_limit = free_bytes / 2;
    }
  dm_pipe_size (p, chunk, streams, mem_limit);
  p->nchunks = (p->niters + p->chunk - 1) / p->chunk;
  dm_pipe_alloc (p);
  if (dm_config.trace)
    fprintf (stderr, "deepmap: trace: pipeline on device %d: %ld iterations "
	     "in %ld chunks of %ld, %d slots, %llu bytes of device memory\n",
	     dev->id, p->niters, p->nchunks, p->chunk, p->nslots,
	     dm_pipe_bytes (p, p->chunk, p->nslots));
  for (; p->issued < p->nchunks && p->issued < p->nslots; p->issued++)
    dm_pipe_copy (p, p->issued, 1, -1, 0);
  dm_pipe_current = p;
  return p;
}

void
dm_pipe_iter (struct dm_pipe *p, long k)
{
  long i = (k - p->lo) / p->step;
  if (k < p->lo || (k - p->lo) % p->step != 0 || i >= p->niters)
    dm_fatal ("pipeline: iteration %ld is not one of the loop's (%ld to %ld "
	      "by %ld)", k, p->lo, p->lo + (p->niters - 1) * p->step, p->step);
  if (i <= p->last)
    dm_fatal ("pipeline: iteration %ld after iteration %ld: a pipelined "
	      "loop's iterations must run in order", k,
	      p->lo + p->last * p->step);
  long c = i / p->chunk;
  if (c == p->cur)
    {
      p->last = i;
      return;
    }
  if (c != p->cur + 1)
    dm_fatal ("pipeline: iteration %ld skips chunks: a pipelined loop's "
	      "iterations must run in order", k);
  if (c > 0)
    dm_pipe_copy (p, c - 1, 0, -1, 0);
  if (dm_pipe_wait (p, (int) (c % p->nslots)) != 0)
    dm_fatal ("pipeline: copying chunk %ld to device %d failed: %s", c,
	      p->dev->id, dm_reason ());
  if (c > 0)
    dm_pipe_halo (p, c);
  for (; p->issued < p->nchunks && p->issued < c + p->nslots; p->issued++)
    dm_pipe_copy (p, p->issued, 1, -1, 0);
  p->cur = c;
  p->last = i;
}

int
dm_pipe_moves (const struct dm_pipe *p, long k)
{
  return (k - p->lo) / p->step / p->chunk != p->cur;
}

struct dm_device *
dm_pipe_device (const struct dm_pipe *p)
{
  return p->dev;
}

void
dm_pipe_end (struct dm_pipe *p)
{
  struct dm_device *dev = p->dev;
  if (p->cur >= 0)
    {
      long last = p->last < (p->cur + 1) * p->chunk - 1 ? p->last : -1;
      dm_pipe_copy (p, p->cur, 0, last, 1);
    }
  for (int s = 0; p->q && s < p->nslots; s++)
    {
      if (dm_pipe_wait (p, s) != 0)
	dm_fatal ("pipeline: a copy on device %d failed: %s", dev->id,
		  dm_reason ());
      dev->ops->queue_destroy (&dev->core, p->q[s]);
    }
  dm_device_lock (dev);
  dm_pipe_free (p);
  pthread_mutex_unlock (&dev->lock);
  if (dm_pipe_current == p)
    dm_pipe_current = NULL;
  free (p->q);
  free (p->a);
  free (p);
}

static void dm_pipe_check_section (struct dm_pipe *p, struct dm_pipe_arr *a,
				   uintptr_t h, size_t size);

uintptr_t
dm_pipe_lookup (struct dm_device *dev, uintptr_t h, size_t size)
{
  struct dm_pipe *p = dm_pipe_current;
  if (p->cur < 0 || dev == NULL)
    return 0;
  /* Exclusive of the end: the next variable (pipelined or not) may
     start there.  */
  for (size_t i = 0; i < p->narr; i++)
    {
      struct dm_pipe_arr *a = &p->a[i];
      if (a->resident || h < a->ext_lo || h >= a->ext_hi)
	continue;
      /* Mapping it there would silently run unpipelined, on rows the
	 pipeline may still hold.  */
      if (p->dev != dev)
	dm_fatal ("pipeline: a target region on device %d uses %s, which the "
		  "pipelined loop holds on device %d", dev->id,
		  dm_pipe_name (a), p->dev->id);
      if (size)
	dm_pipe_check_section (p, a, h, size);
      long rlo, rhi;
      dm_pipe_rows (p, a, p->cur, -1, &rlo, &rhi);
      return dm_pipe_slot (p, a, p->cur) + h
	     - (a->base + (size_t) rlo * a->row_bytes);
    }
  return 0;
}

/* See dm_pipe_lookup: section [H, H + SIZE) of array A.  */
static void
dm_pipe_check_section (struct dm_pipe *p, struct dm_pipe_arr *a,
		       uintptr_t h, size_t size)
{
  if (a->count > 0)
    return;
  long rlo, rhi;
  dm_pipe_rows (p, a, p->cur, -1, &rlo, &rhi);
  uintptr_t lo = a->base + (size_t) rlo * a->row_bytes;
  uintptr_t hi = a->base + (size_t) rhi * a->row_bytes, e = h + size;
  /* Rows of the chunk, or the whole array (whose region touches the
     rows of its own iterations).  */
  if ((h >= lo && e <= hi) || (h <= lo && e >= hi))
    return;
  long k = p->lo + p->last * p->step;
  dm_fatal ("pipeline: a target region of iteration %ld maps host "
	    "[%p, %p) of %s, rows the pipelined loop's chunk does not "
	    "hold (it holds rows %ld to %ld there); a region may map the "
	    "whole array, or rows its chunk's iterations name", k,
	    (void *) h, (void *) e, dm_pipe_name (a), rlo, rhi - 1);
}

void
dm_pipe_check_host_region (size_t mapnum, void **hostaddrs, size_t *sizes,
			   unsigned short *kinds)
{
  struct dm_pipe *p = dm_pipe_current;
  if (p->cur < 0)
    return;
  for (size_t j = 0; j < mapnum; j++)
    {
      uintptr_t h = (uintptr_t) hostaddrs[j];
      /* A value, not an address; a size that is a bias.  */
      int k = kinds[j] & 0xff;
      if (k == DM_MAP_FIRSTPRIVATE_INT)
	continue;
      size_t size = (k & DM_MAP_FLAG_SPECIAL) ? 0 : sizes[j];
      for (size_t i = 0; i < p->narr; i++)
	{
	  struct dm_pipe_arr *a = &p->a[i];
	  if (a->resident || !h || h >= a->ext_hi
	      || (size ? h + size <= a->ext_lo : h < a->ext_lo))
	    continue;
	  dm_fatal ("pipeline: a target region that runs on the host (an "
		    "if clause that is false, or no device) uses %s, which "
		    "the pipelined loop holds on device %d: its rows there "
		    "would come back over what the host writes",
		    dm_pipe_name (a), p->dev->id);
	}
    }
}
