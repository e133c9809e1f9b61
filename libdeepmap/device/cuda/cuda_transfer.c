/* cuda_transfer.c -- host/device copies of the CUDA backend.

   Small copies, and copies from or to memory the driver already has
   pinned, go straight to the driver.  A large copy from pageable memory
   would make the driver stage it through its own small pinned buffers one
   at a time; instead it is cut into chunks that pass through a ring of
   pinned staging buffers, spread over several copy streams, so that the
   host memcpy into (or out of) one slot overlaps the DMA of the others;
   that memcpy runs on a few threads (support/parcopy.h), as one thread's
   is slower than the link.

   Synchronous copies (Q == NULL) run on the calling thread's per-thread
   default stream and are waited for: the per-thread stream never
   serialises with other threads' queues, and waiting for it (unlike a
   plain cuMemcpyHtoD, which may return before its DMA has finished) makes
   the data visible to whatever stream comes next.  Queued copies between
   pageable memory and the device (Q != NULL) go through Q's lane
   instead, two pinned halves whose stream callbacks do the host-side
   copying (dm_cuda_lane_copy): the host
   thread never does a queue's copying itself, so a pipelined loop's
   copies overlap its regions.  */
#include <stdlib.h>
#include <string.h>

#include "support/config.h"
#include "device/cuda/cuda_internal.h"
#include "support/error.h"
#include "support/parcopy.h"

/* Defaults, measured on an H200 (PCIe 5 x16, 16 cores;
   bench/results/cuda-2026-11-26.txt): copies go direct up to 8 MiB to
   the device and 4 MiB back (the driver's own staging gives 13-16 GB/s
   there, and a ring of 4 MiB chunks needs a few chunks to pay off: 7-9
   GB/s at 2-4 MiB, 27-31 GB/s back at 8 MiB and either way from 16 MiB);
   4 MiB chunks (1 MiB chunks stay at 15 GB/s at 16 MiB: the helpers'
   start-up per chunk); a 32 MiB ring (8 slots in flight); 2 copy streams
   (one per copy engine direction is what the hardware overlaps).
   DEEPMAP_CUDA_DIRECT_MAX sets both directions' limit.
   The ring is made only once large copies sent direct add up to 64 MiB
   (DEEPMAP_CUDA_RING_AFTER): pinning it took 17 ms on an H100, so that
   the first 7 MiB copy back of a hoisted loop took 19 ms; deferred to
   256 MiB, the hoisted loops of bench/hoist (16-32 MiB moved) ran 1.4 to
   1.9 times faster, and naive ones that move 670 MB in 8 MiB copies 0 to
   55% slower (direct copies of that size ran at about half the ring's
   speed: the ring would have paid for itself after about 170 MiB;
   bench/results/hoist-cuda-ring-2026-11-26-h100.txt).  64 MiB keeps the
   first and bounds the second's loss to about 6 ms (not measured on a
   GPU yet).  */
#define DM_CUDA_DIRECT_MAX_DEFAULT ((size_t) 8 << 20)
#define DM_CUDA_DIRECT_MAX_D2H_DEFAULT ((size_t) 4 << 20)
#define DM_CUDA_CHUNK_DEFAULT ((size_t) 4 << 20)
#define DM_CUDA_STAGING_DEFAULT ((size_t) 32 << 20)
#define DM_CUDA_STREAMS_DEFAULT 2
#define DM_CUDA_RING_AFTER_DEFAULT ((size_t) 64 << 20)
#define DM_CUDA_STREAMS_MAX 64
/* Queued copies from pageable memory up to this size go to the driver,
   which copies them into its own staging at once; larger ones go through
   the queue's lane, so that the host does not do them.  */
#define DM_CUDA_LANE_MIN ((size_t) 64 << 10)

struct dm_cuda_tuning dm_cuda_tuning;
static pthread_once_t dm_cuda_tuning_once = PTHREAD_ONCE_INIT;

static size_t
dm_cuda_env_size (const char *var, size_t dflt, size_t min)
{
  const char *v = getenv (var);
  if (v == NULL || *v == '\0')
    return dflt;
  size_t n = dm_config_parse_size (var, v);
  if (n < min)
    dm_fatal ("bad value '%s' of %s: at least %zu bytes", v, var, min);
  return n;
}

static void
dm_cuda_tuning_read (void)
{
  struct dm_cuda_tuning *t = &dm_cuda_tuning;
  /* One variable sets both directions; unset, each has its default.  */
  t->direct_max = dm_cuda_env_size ("DEEPMAP_CUDA_DIRECT_MAX",
				    DM_CUDA_DIRECT_MAX_DEFAULT, 0);
  t->direct_max_d2h = dm_cuda_env_size ("DEEPMAP_CUDA_DIRECT_MAX",
					DM_CUDA_DIRECT_MAX_D2H_DEFAULT, 0);
  t->chunk = dm_cuda_env_size ("DEEPMAP_CUDA_CHUNK", DM_CUDA_CHUNK_DEFAULT,
			       4096);
  t->staging = dm_cuda_env_size ("DEEPMAP_CUDA_STAGING",
				 DM_CUDA_STAGING_DEFAULT, 0);
  /* Two slots at least, or nothing would overlap.  */
  if (t->staging / t->chunk < 2)
    dm_fatal ("bad value of DEEPMAP_CUDA_STAGING (%zu bytes): the staging "
	      "ring must hold at least two chunks of DEEPMAP_CUDA_CHUNK "
	      "(%zu bytes)", t->staging, t->chunk);
  t->streams = dm_config_env_int ("DEEPMAP_CUDA_STREAMS",
				  DM_CUDA_STREAMS_DEFAULT, 1,
				  DM_CUDA_STREAMS_MAX, "streams");
  t->ring_after = dm_cuda_env_size ("DEEPMAP_CUDA_RING_AFTER",
				    DM_CUDA_RING_AFTER_DEFAULT, 0);
}

void
dm_cuda_tuning_init (void)
{
  pthread_once (&dm_cuda_tuning_once, dm_cuda_tuning_read);
}

/* Is [P, P + SIZE) host memory the driver has pinned?  Checking both
   ends is enough for one pinned allocation; pageable memory makes the
   query fail, which is an answer, not an error.  */
static int
dm_cuda_pinned (const void *p, size_t size)
{
  unsigned int type = 0;
  const char *ends[2] = { p, (const char *) p + size - 1 };
  for (int i = 0; i < 2; i++)
    if (dm_cu.cuPointerGetAttribute (&type, CU_POINTER_ATTRIBUTE_MEMORY_TYPE,
				     (CUdeviceptr) (uintptr_t) ends[i])
	!= CUDA_SUCCESS
	|| type != CU_MEMORYTYPE_HOST)
      return 0;
  return 1;
}

/* Make the ring and copy streams (ring lock held).  */
static int
dm_cuda_ring_make (struct dm_backend_dev *dev, struct dm_cuda *c)
{
  const struct dm_cuda_tuning *t = &dm_cuda_tuning;
  int nslots = (int) (t->staging / t->chunk);
  c->slots = calloc (nslots, sizeof *c->slots);
  c->streams = calloc (t->streams, sizeof *c->streams);
  if (!c->slots || !c->streams)
    {
      dm_set_reason ("cuda device %d: out of host memory for the staging "
		     "ring", dev->id);
      return -1;
    }
  for (int i = 0; i < t->streams; i++)
    if (DM_CU (dev->id, cuStreamCreate, &c->streams[i],
	       CU_STREAM_NON_BLOCKING))
      return -1;
  for (int i = 0; i < nslots; i++)
    {
      CUresult r = dm_cu.cuMemHostAlloc (&c->slots[i].buf, t->chunk,
					 CU_MEMHOSTALLOC_PORTABLE);
      if (r != CUDA_SUCCESS)
	{
	  dm_cuda_reason (r, "cuMemHostAlloc", "cuda device %d: pinned "
			  "staging buffer of %zu bytes", dev->id, t->chunk);
	  return -1;
	}
      c->nslots = i + 1;
      if (DM_CU (dev->id, cuEventCreate, &c->slots[i].done,
		 CU_EVENT_DISABLE_TIMING))
	return -1;
    }
  return 0;
}

static void dm_cuda_ring_free (struct dm_cuda *c);

/* The ring, locked and ready; -1 with a reason (unlocked) otherwise.  */
static int
dm_cuda_ring_acquire (struct dm_backend_dev *dev, struct dm_cuda *c)
{
  pthread_mutex_lock (&c->ring_lock);
  if (c->ring_ready)
    return 0;
  if (dm_cuda_ring_make (dev, c) == 0)
    {
      __atomic_store_n (&c->ring_ready, 1, __ATOMIC_RELEASE);
      return 0;
    }
  /* Drop what was made; the next large copy tries again.  */
  dm_cuda_ring_free (c);
  pthread_mutex_unlock (&c->ring_lock);
  return -1;
}

/* Wait until SLOT's last DMA is over.  */
static int
dm_cuda_slot_wait (struct dm_backend_dev *dev, struct dm_cuda_slot *slot)
{
  if (!slot->busy)
    return 0;
  if (DM_CU (dev->id, cuEventSynchronize, slot->done))
    return -1;
  slot->busy = 0;
  return 0;
}

/* Start the DMA of LEN bytes between slot K's buffer and device address
   D (TO_DEVICE: from the buffer to D) on the slot's stream; the slot is
   busy until its event.  The slot must be free (dm_cuda_slot_wait).  */
static int
dm_cuda_slot_dma (struct dm_backend_dev *dev, struct dm_cuda *c, int k,
		  CUdeviceptr d, size_t len, int to_device)
{
  struct dm_cuda_slot *slot = &c->slots[k];
  CUstream s = c->streams[k % dm_cuda_tuning.streams];
  CUresult r = to_device ? dm_cu.cuMemcpyHtoDAsync (d, slot->buf, len, s)
			 : dm_cu.cuMemcpyDtoHAsync (slot->buf, d, len, s);
  if (r != CUDA_SUCCESS)
    {
      dm_cuda_reason (r, to_device ? "cuMemcpyHtoDAsync"
				   : "cuMemcpyDtoHAsync",
		      "cuda device %d: staged copy of %zu bytes %s %#llx",
		      dev->id, len, to_device ? "to" : "from",
		      (unsigned long long) d);
      return -1;
    }
  if (DM_CU (dev->id, cuEventRecord, slot->done, s))
    return -1;
  slot->busy = 1;
  return 0;
}

/* Pageable SRC to device DST through the ring, synchronously: the host
   copies a chunk into one slot while the others' DMA runs.  (Queued
   copies from pageable memory go through the queue's lane instead.)  */
static int
dm_cuda_staged_to_device (struct dm_backend_dev *dev, struct dm_cuda *c,
			  CUdeviceptr dst, const char *src, size_t size)
{
  if (dm_cuda_ring_acquire (dev, c) != 0)
    return -1;
  size_t chunk = dm_cuda_tuning.chunk;
  int rc = -1;
  for (size_t off = 0; off < size; off += chunk)
    {
      size_t len = size - off < chunk ? size - off : chunk;
      int k = c->next_slot;
      c->next_slot = (k + 1) % c->nslots;
      if (dm_cuda_slot_wait (dev, &c->slots[k]) != 0)
	goto out;
      dm_parcopy (c->slots[k].buf, src + off, len);
      if (dm_cuda_slot_dma (dev, c, k, dst + off, len, 1) != 0)
	goto out;
    }
  /* Done when every slot is.  */
  rc = 0;
  for (int k = 0; k < c->nslots && rc == 0; k++)
    rc = dm_cuda_slot_wait (dev, &c->slots[k]);
out:
  pthread_mutex_unlock (&c->ring_lock);
  return rc;
}

/* Device SRC to pageable DST through the ring, synchronously: DMA runs
   up to a ring's worth of chunks ahead of the host copying them out.
   (Queued copies into pageable memory go through the queue's lane.)  */
static int
dm_cuda_staged_to_host (struct dm_backend_dev *dev, struct dm_cuda *c,
			char *dst, CUdeviceptr src, size_t size)
{
  if (dm_cuda_ring_acquire (dev, c) != 0)
    return -1;
  size_t chunk = dm_cuda_tuning.chunk;
  size_t n = (size + chunk - 1) / chunk, issued = 0;
  int rc = -1;
  for (size_t done = 0; done < n; done++)
    {
      for (; issued < n && issued - done < (size_t) c->nslots; issued++)
	{
	  size_t off = issued * chunk;
	  size_t len = size - off < chunk ? size - off : chunk;
	  int k = (int) (issued % c->nslots);
	  if (dm_cuda_slot_wait (dev, &c->slots[k]) != 0
	      || dm_cuda_slot_dma (dev, c, k, src + off, len, 0) != 0)
	    goto out;
	}
      size_t off = done * chunk;
      size_t len = size - off < chunk ? size - off : chunk;
      struct dm_cuda_slot *slot = &c->slots[done % c->nslots];
      if (dm_cuda_slot_wait (dev, slot) != 0)
	goto out;
      dm_parcopy (dst + off, slot->buf, len);
    }
  rc = 0;
out:
  pthread_mutex_unlock (&c->ring_lock);
  return rc;
}

/* Wait for a synchronous copy issued on the per-thread stream.  */
static int
dm_cuda_sync_thread_stream (struct dm_backend_dev *dev, const char *what)
{
  CUresult r = dm_cu.cuStreamSynchronize (CU_STREAM_PER_THREAD);
  if (r != CUDA_SUCCESS)
    {
      dm_cuda_reason (r, "cuStreamSynchronize", "cuda device %d: waiting "
		      "for %s", dev->id, what);
      return -1;
    }
  return 0;
}

/* Go through C's ring?  Not for small copies, nor pinned memory, nor
   before large copies have added up to what pays for making it.  */
static int
dm_cuda_use_ring (struct dm_cuda *c, const void *host, size_t size,
		  int to_device)
{
  size_t max = to_device ? dm_cuda_tuning.direct_max
			 : dm_cuda_tuning.direct_max_d2h;
  if (size <= max || dm_cuda_pinned (host, size))
    return 0;
  if (__atomic_load_n (&c->ring_ready, __ATOMIC_ACQUIRE))
    return 1;
  size_t before = __atomic_fetch_add (&c->direct_large, size,
				      __ATOMIC_RELAXED);
  return before + size > dm_cuda_tuning.ring_after;
}

/* Queued copies between pageable memory and the device.  The driver
   copies from pageable memory only on the calling thread, and returns
   from a copy into it only once the queue's earlier work (a whole region)
   is done: the host would wait, under the device lock, and a pipelined
   loop's copies could not overlap its regions.  Instead they go through
   the queue's lane (struct dm_cuda_lane) piece by piece: a stream
   callback on the lane's stream fills a half for the queue's DMA to the
   device, or empties a half the queue's DMA filled from it, while the
   other half's DMA runs; events order each half's reuse.  The host
   memory stays the caller's until the queue has passed the copy, as the
   to_device and to_host ops promise.  */

/* One piece, for the callback that fills or empties its half: ROWS rows
   of LEN bytes, HPITCH apart in host memory, packed in the half.  */
struct dm_cuda_piece
{
  char *host;
  char *half;
  size_t len, rows, hpitch;
  int to_device;
};

static void
dm_cuda_piece_run (void *data, const char *failure)
{
  struct dm_cuda_piece *p = data;
  /* After a failure the bytes are not there; the construct's completion
     reports it.  One thread's memcpy would hold the lane to a third of
     the link: large rows go over the copy helpers too.  */
  for (size_t r = 0; failure == NULL && r < p->rows; r++)
    {
      char *h = p->host + r * p->hpitch, *b = p->half + r * p->len;
      if (p->to_device)
	dm_parcopy (b, h, p->len);
      else
	dm_parcopy (h, b, p->len);
    }
  free (p);
}

/* Make lane L on first use.  */
static int
dm_cuda_lane_make (struct dm_backend_dev *dev, struct dm_cuda_lane *l)
{
  size_t piece = dm_cuda_tuning.chunk;
  if (l->buf != NULL || dm_cuda_lane_reuse (dev->backend, l))
    return 0;
  CUresult r = dm_cu.cuMemHostAlloc (&l->buf, 2 * piece, 0);
  if (r != CUDA_SUCCESS)
    {
      l->buf = NULL;
      dm_cuda_reason (r, "cuMemHostAlloc", "cuda device %d: %zu bytes of "
		      "pinned buffer for queued copies", dev->id, 2 * piece);
      return -1;
    }
  int ok = !DM_CU (dev->id, cuStreamCreate, &l->stream,
		   CU_STREAM_NON_BLOCKING)
	   && !DM_CU (dev->id, cuEventCreate, &l->start,
		      CU_EVENT_DISABLE_TIMING);
  for (int h = 0; h < 2 && ok; h++)
    ok = !DM_CU (dev->id, cuEventCreate, &l->full[h], CU_EVENT_DISABLE_TIMING)
	 && !DM_CU (dev->id, cuEventCreate, &l->empty[h],
		    CU_EVENT_DISABLE_TIMING);
  if (ok)
    return 0;
  /* Nothing is queued on it yet: undo all.  */
  dm_cuda_lane_free (dev, l);
  return -1;
}

/* The callback that fills (TO_DEVICE) or empties the current half of L
   with ROWS rows of LEN bytes at HOST, HPITCH apart.  */
static int
dm_cuda_lane_piece (struct dm_backend_dev *dev, struct dm_cuda_lane *l,
		    char *host, size_t len, size_t rows, size_t hpitch,
		    int to_device)
{
  struct dm_cuda_piece *p = malloc (sizeof *p);
  if (p == NULL)
    {
      dm_set_reason ("cuda device %d: out of host memory queueing a copy",
		     dev->id);
      return -1;
    }
  *p = (struct dm_cuda_piece) {
    host, (char *) l->buf + (size_t) l->half * dm_cuda_tuning.chunk, len,
    rows, hpitch, to_device };
  if (dm_cuda_stream_callback (dev, l->stream, dm_cuda_piece_run, p) != 0)
    {
      free (p);
      return -1;
    }
  return 0;
}

static int dm_cuda_memcpy_2d (struct dm_backend_dev *dev,
			      enum dm_copy_dir dir, uintptr_t dst,
			      size_t dpitch, uintptr_t src, size_t spitch,
			      size_t width, size_t height, CUstream s);

/* The DMA of a piece between a lane's half (packed rows) and the device,
   on Q's stream: ROWS rows of LEN bytes, DPITCH and SPITCH apart.  */
static int
dm_cuda_half_dma (struct dm_backend_dev *dev, struct dm_queue *q,
		  enum dm_copy_dir dir, uintptr_t dst, size_t dpitch,
		  uintptr_t src, size_t spitch, size_t len, size_t rows)
{
  if (rows > 1)
    return dm_cuda_memcpy_2d (dev, dir, dst, dpitch, src, spitch, len, rows,
			      q->stream);
  CUresult r = dir == DM_COPY_H2D
	       ? dm_cu.cuMemcpyHtoDAsync (dst, (const void *) src, len,
					  q->stream)
	       : dm_cu.cuMemcpyDtoHAsync ((void *) dst, src, len, q->stream);
  if (r == CUDA_SUCCESS)
    return 0;
  dm_cuda_reason (r, dir == DM_COPY_H2D ? "cuMemcpyHtoDAsync"
				      : "cuMemcpyDtoHAsync",
		  "cuda device %d: queued copy of %zu bytes %s %#jx", dev->id,
		  len, dir == DM_COPY_H2D ? "to" : "from",
		  (uintmax_t) (dir == DM_COPY_H2D ? dst : src));
  return -1;
}

/* To the device: the host bytes are read once Q has reached the copy.  */
static int
dm_cuda_lane_in_start (struct dm_backend_dev *dev, struct dm_queue *q)
{
  struct dm_cuda_lane *l = &q->in;
  if (dm_cuda_lane_make (dev, l) != 0)
    return -1;
  return DM_CU (dev->id, cuEventRecord, l->start, q->stream)
	 || DM_CU (dev->id, cuStreamWaitEvent, l->stream, l->start, 0)
	 ? -1 : 0;
}

/* One piece to the device: ROWS rows of LEN bytes at SRC, SPITCH apart,
   packed into the next half by a callback, then by DMA on Q's stream to
   DST, DPITCH apart.  */
static int
dm_cuda_lane_in_piece (struct dm_backend_dev *dev, struct dm_queue *q,
		       CUdeviceptr dst, size_t dpitch, const char *src,
		       size_t spitch, size_t len, size_t rows)
{
  struct dm_cuda_lane *l = &q->in;
  int h = l->half;
  char *half = (char *) l->buf + (size_t) h * dm_cuda_tuning.chunk;
  /* Waiting for an event never recorded does not wait.  */
  if (DM_CU (dev->id, cuStreamWaitEvent, l->stream, l->empty[h], 0)
      || dm_cuda_lane_piece (dev, l, (char *) src, len, rows, spitch, 1)
      || DM_CU (dev->id, cuEventRecord, l->full[h], l->stream)
      || DM_CU (dev->id, cuStreamWaitEvent, q->stream, l->full[h], 0))
    return -1;
  if (dm_cuda_half_dma (dev, q, DM_COPY_H2D, dst, dpitch, (uintptr_t) half,
			len, len, rows) != 0
      || DM_CU (dev->id, cuEventRecord, l->empty[h], q->stream))
    return -1;
  l->half = h ^ 1;
  return 0;
}

/* One piece to the host: ROWS rows of LEN bytes at device SRC, SPITCH
   apart, packed by DMA on Q's stream into the next half (once it is
   empty), then unpacked by a callback to DST, DPITCH apart.  */
static int
dm_cuda_lane_out_piece (struct dm_backend_dev *dev, struct dm_queue *q,
			char *dst, size_t dpitch, CUdeviceptr src,
			size_t spitch, size_t len, size_t rows)
{
  struct dm_cuda_lane *l = &q->out;
  int h = l->half;
  char *half = (char *) l->buf + (size_t) h * dm_cuda_tuning.chunk;
  /* Waiting for an event never recorded does not wait.  */
  if (DM_CU (dev->id, cuStreamWaitEvent, q->stream, l->empty[h], 0)
      || dm_cuda_half_dma (dev, q, DM_COPY_D2H, (uintptr_t) half, len, src,
			   spitch, len, rows) != 0
      || DM_CU (dev->id, cuEventRecord, l->full[h], q->stream)
      || DM_CU (dev->id, cuStreamWaitEvent, l->stream, l->full[h], 0)
      || dm_cuda_lane_piece (dev, l, dst, len, rows, dpitch, 0)
      || DM_CU (dev->id, cuEventRecord, l->empty[h], l->stream))
    return -1;
  l->half = h ^ 1;
  return 0;
}

/* Q's later work after every piece's callback (the lane's stream runs
   them in order: the last one's mark covers all).  */
static int
dm_cuda_lane_out_end (struct dm_backend_dev *dev, struct dm_queue *q)
{
  struct dm_cuda_lane *l = &q->out;
  return DM_CU (dev->id, cuStreamWaitEvent, q->stream, l->empty[l->half ^ 1],
		0) ? -1 : 0;
}

/* A queued copy of HEIGHT rows of WIDTH bytes between pageable host
   memory and the device (TO_DEVICE: from SRC to DST), SPITCH and DPITCH
   apart, through Q's lane: as many whole rows per piece as half a lane
   holds, or rows cut into pieces when one is larger.  */
static int
dm_cuda_lane_copy (struct dm_backend_dev *dev, struct dm_queue *q,
		   int to_device, uintptr_t dst, size_t dpitch, uintptr_t src,
		   size_t spitch, size_t width, size_t height)
{
  size_t piece = dm_cuda_tuning.chunk;
  size_t per = piece / width, step = per ? per : 1;
  if (to_device ? dm_cuda_lane_in_start (dev, q) != 0
		: dm_cuda_lane_make (dev, &q->out) != 0)
    return -1;
  for (size_t r = 0; r < height; r += step)
    {
      size_t rows = per ? (height - r < per ? height - r : per) : 1;
      for (size_t off = 0; off < width; off += piece)
	{
	  size_t len = per ? width : width - off < piece ? width - off : piece;
	  uintptr_t d = dst + r * dpitch + off, s = src + r * spitch + off;
	  if (to_device
	      ? dm_cuda_lane_in_piece (dev, q, d, dpitch, (const char *) s,
				       spitch, len, rows)
	      : dm_cuda_lane_out_piece (dev, q, (char *) d, dpitch, s, spitch,
					len, rows))
	    return -1;
	}
    }
  return to_device ? 0 : dm_cuda_lane_out_end (dev, q);
}

int
dm_cuda_to_device (struct dm_backend_dev *dev, uintptr_t dst, const void *src,
		   size_t size, struct dm_queue *q)
{
  if (size == 0)
    return 0;
  if (dm_cuda_bind (dev) != 0)
    return -1;
  struct dm_cuda *c = dev->backend;
  if (q != NULL && size > DM_CUDA_LANE_MIN && !dm_cuda_pinned (src, size))
    return dm_cuda_lane_copy (dev, q, 1, dst, size, (uintptr_t) src, size,
			      size, 1);
  if (q == NULL && dm_cuda_use_ring (c, src, size, 1))
    return dm_cuda_staged_to_device (dev, c, dst, src, size);
  CUresult r = dm_cu.cuMemcpyHtoDAsync (dst, src, size,
					q ? q->stream : CU_STREAM_PER_THREAD);
  if (r != CUDA_SUCCESS)
    {
      dm_cuda_reason (r, "cuMemcpyHtoDAsync", "cuda device %d: copy of %zu "
		      "bytes from host %p to %#jx", dev->id, size, src,
		      (uintmax_t) dst);
      return -1;
    }
  return q ? 0 : dm_cuda_sync_thread_stream (dev, "a copy to the device");
}

int
dm_cuda_to_host (struct dm_backend_dev *dev, void *dst, uintptr_t src,
		 size_t size, struct dm_queue *q)
{
  if (size == 0)
    return 0;
  if (dm_cuda_bind (dev) != 0)
    return -1;
  struct dm_cuda *c = dev->backend;
  CUstream s = q ? q->stream : NULL;
  if (q != NULL && !dm_cuda_pinned (dst, size))
    return dm_cuda_lane_copy (dev, q, 0, (uintptr_t) dst, size, src, size,
			      size, 1);
  if (dm_cuda_use_ring (c, dst, size, 0))
    return dm_cuda_staged_to_host (dev, c, dst, src, size);
  CUresult r = dm_cu.cuMemcpyDtoHAsync (dst, src, size,
					q ? s : CU_STREAM_PER_THREAD);
  if (r != CUDA_SUCCESS)
    {
      dm_cuda_reason (r, "cuMemcpyDtoHAsync", "cuda device %d: copy of %zu "
		      "bytes from %#jx to host %p", dev->id, size,
		      (uintmax_t) src, dst);
      return -1;
    }
  return q ? 0 : dm_cuda_sync_thread_stream (dev, "a copy to the host");
}

int
dm_cuda_device_to_device (struct dm_backend_dev *dev, uintptr_t dst,
			  uintptr_t src, size_t size, struct dm_queue *q)
{
  if (size == 0)
    return 0;
  if (dm_cuda_bind (dev) != 0)
    return -1;
  /* The mapping layer may move a block onto an overlapping range; the
     driver's copy does not promise memmove semantics, so go through a
     temporary block then.  */
  if (dst < src + size && src < dst + size && dst != src)
    {
      CUdeviceptr tmp;
      CUresult r = dm_cu.cuMemAlloc (&tmp, size);
      if (r != CUDA_SUCCESS)
	{
	  dm_cuda_reason (r, "cuMemAlloc", "cuda device %d: %zu bytes for an "
			  "overlapping device copy", dev->id, size);
	  return -1;
	}
      int rc = dm_cuda_device_to_device (dev, tmp, src, size, q);
      if (rc == 0)
	rc = dm_cuda_device_to_device (dev, dst, tmp, size, q);
      /* cuMemFree waits for the device to be done with TMP.  */
      if (q != NULL && rc == 0)
	rc = DM_CU (dev->id, cuStreamSynchronize, q->stream) ? -1 : 0;
      dm_cu.cuMemFree (tmp);
      return rc;
    }
  if (dst == src)
    return 0;
  CUresult r = dm_cu.cuMemcpyDtoDAsync (dst, src, size,
					q ? q->stream : CU_STREAM_PER_THREAD);
  if (r != CUDA_SUCCESS)
    {
      dm_cuda_reason (r, "cuMemcpyDtoDAsync", "cuda device %d: copy of %zu "
		      "bytes from %#jx to %#jx", dev->id, size,
		      (uintmax_t) src, (uintmax_t) dst);
      return -1;
    }
  return q ? 0 : dm_cuda_sync_thread_stream (dev, "a device copy");
}

/* cuMemcpy2DAsync of HEIGHT rows of WIDTH bytes on stream S.  */
static int
dm_cuda_memcpy_2d (struct dm_backend_dev *dev, enum dm_copy_dir dir,
		   uintptr_t dst, size_t dpitch, uintptr_t src, size_t spitch,
		   size_t width, size_t height, CUstream s)
{
  CUDA_MEMCPY2D m;
  memset (&m, 0, sizeof m);
  m.srcMemoryType = dir == DM_COPY_H2D ? CU_MEMORYTYPE_HOST
		    : CU_MEMORYTYPE_DEVICE;
  if (dir == DM_COPY_H2D)
    m.srcHost = (const void *) src;
  else
    m.srcDevice = src;
  m.srcPitch = spitch;
  m.dstMemoryType = dir == DM_COPY_D2H ? CU_MEMORYTYPE_HOST
		    : CU_MEMORYTYPE_DEVICE;
  if (dir == DM_COPY_D2H)
    m.dstHost = (void *) dst;
  else
    m.dstDevice = dst;
  m.dstPitch = dpitch;
  m.WidthInBytes = width;
  m.Height = height;
  CUresult r = dm_cu.cuMemcpy2DAsync (&m, s);
  if (r != CUDA_SUCCESS)
    {
      dm_cuda_reason (r, "cuMemcpy2DAsync", "cuda device %d: copy of %zu "
		      "rows of %zu bytes from %#jx (pitch %zu) to %#jx (pitch "
		      "%zu)", dev->id, height, width, (uintmax_t) src, spitch,
		      (uintmax_t) dst, dpitch);
      return -1;
    }
  return 0;
}

/* Whether two sets of rows of WIDTH bytes share a byte: with one pitch,
   rows side by side in the same lines (slots of a pipelined array) do
   not; other pitches are judged by the spans.  */
static int
dm_cuda_rows_overlap (uintptr_t a, size_t apitch, size_t aspan, uintptr_t b,
		      size_t bpitch, size_t bspan, size_t width)
{
  if (a >= b + bspan || b >= a + aspan)
    return 0;
  if (apitch != bpitch || apitch == 0)
    return 1;
  size_t shift = (a > b ? a - b : b - a) % apitch;
  return shift < width || apitch - shift < width;
}

/* The copy_2d op: one cuMemcpy2DAsync (the driver stages pageable host
   memory itself), except queued copies into pageable memory, and of over
   DM_CUDA_LANE_MIN from it, which go through the queue's lane, and
   overlapping device rows, copied row by row in a safe order.  */
int
dm_cuda_copy_2d (struct dm_backend_dev *dev, enum dm_copy_dir dir,
		 uintptr_t dst, size_t dpitch, uintptr_t src, size_t spitch,
		 size_t width, size_t height, struct dm_queue *q)
{
  if (width == 0 || height == 0)
    return 0;
  if (dm_cuda_bind (dev) != 0)
    return -1;
  size_t dspan = (height - 1) * dpitch + width;
  size_t sspan = (height - 1) * spitch + width;
  if (dir == DM_COPY_D2H && q != NULL && !dm_cuda_pinned ((void *) dst, dspan))
    return dm_cuda_lane_copy (dev, q, 0, dst, dpitch, src, spitch, width,
			      height);
  if (dir == DM_COPY_H2D && q != NULL && width * height > DM_CUDA_LANE_MIN
      && !dm_cuda_pinned ((void *) src, sspan))
    return dm_cuda_lane_copy (dev, q, 1, dst, dpitch, src, spitch, width,
			      height);
  if (dir == DM_COPY_D2D && dm_cuda_rows_overlap (dst, dpitch, dspan, src,
						   spitch, sspan, width))
    {
      int down = dst <= src;
      for (size_t i = 0; i < height; i++)
	{
	  size_t r = down ? i : height - 1 - i;
	  if (dm_cuda_device_to_device (dev, dst + r * dpitch,
					src + r * spitch, width, q) != 0)
	    return -1;
	}
      return 0;
    }
  if (dm_cuda_memcpy_2d (dev, dir, dst, dpitch, src, spitch, width, height,
			 q ? q->stream : CU_STREAM_PER_THREAD) != 0)
    return -1;
  return q ? 0 : dm_cuda_sync_thread_stream (dev, "a 2-D copy");
}

static void
dm_cuda_ring_free (struct dm_cuda *c)
{
  for (int i = 0; i < c->nslots; i++)
    {
      if (c->slots[i].busy)
	dm_cu.cuEventSynchronize (c->slots[i].done);
      if (c->slots[i].done)
	dm_cu.cuEventDestroy (c->slots[i].done);
      dm_cu.cuMemFreeHost (c->slots[i].buf);
    }
  if (c->streams != NULL)
    for (int i = 0; i < dm_cuda_tuning.streams; i++)
      if (c->streams[i])
	dm_cu.cuStreamDestroy (c->streams[i]);
  free (c->slots);
  free (c->streams);
  c->slots = NULL;
  c->streams = NULL;
  c->nslots = 0;
  c->next_slot = 0;
  c->ring_ready = 0;
}

void
dm_cuda_transfer_fini (struct dm_backend_dev *dev)
{
  struct dm_cuda *c = dev->backend;
  dm_cuda_ring_free (c);
  while (c->nspare > 0)
    dm_cuda_lane_free (dev, &c->spare[--c->nspare]);
}
