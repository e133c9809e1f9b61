/* trace.h -- DEEPMAP_TRACE=FILE.json: a timeline of device work in the
   Chrome trace-event format (ui.perfetto.dev, chrome://tracing).

   The recorder is fed by the OMPT event sites (support/ompt.c passes
   each device event on), so it costs nothing more when off: with the
   trace on, dm_ompt_enabled is set and every DM_OMPT_ON () site calls
   into ompt.c, which records here.  Queued (nowait) work is timed on
   its queue: the copy or launch is bracketed by two marks that the
   device times itself (CUDA events), or else by two queue callbacks
   (dm_trace_queued_start/stop) made by the engine.

   Events go into per-thread buffers (no lock on the recording path),
   at most DEEPMAP_TRACE_LIMIT of them in all (default 1M); what comes
   later is dropped and counted in the file's metadata.  The file is
   written at exit, with source locations (file:line from the program's
   DWARF through libdw, opened then; function+offset otherwise).  */
#ifndef DM_TRACE_H
#define DM_TRACE_H

#include <stddef.h>
#include <stdint.h>

/* Nonzero when a trace file is being recorded.  */
extern int dm_trace_enabled;

/* The kinds of spans (complete events).  */
enum dm_trace_kind
{
  DM_TR_H2D,
  DM_TR_D2H,
  DM_TR_D2D,
  DM_TR_ALLOC,
  DM_TR_FREE,
  DM_TR_ASSOCIATE,
  DM_TR_DISASSOCIATE,
  DM_TR_KERNEL,
  DM_TR_FUSION,
  DM_TR_WAIT,
  DM_TR_TARGET,
  DM_TR_ENTER_DATA,
  DM_TR_EXIT_DATA,
  DM_TR_UPDATE,
  DM_TR_ENQUEUE,		/* a nowait construct's host part */
  DM_TR_NKINDS
};

/* Start recording (config: dm_config.trace_file); once.  */
void dm_trace_init (void);

/* Where the pool's bytes in use are read for the memory counter
   (installed by abi/, called with the device lock held).  */
void dm_trace_set_memory_probe (size_t (*probe) (int device));

/* Monotonic nanoseconds.  */
uint64_t dm_trace_now (void);

/* The track of QUEUE (an opaque device queue) of DEVICE.  */
int dm_trace_queue_track (const void *queue, int device);

/* The track of the calling host thread.  */
int dm_trace_thread_track (void);

/* A synchronous operation of this thread begins; the matching pop
   gives its begin time (0: lost, too deeply nested or out of memory).  */
void dm_trace_push (void);
uint64_t dm_trace_pop (void);

/* One complete event on TRACK from T0 to now.  HOST/DEVADDR/BYTES
   describe the data (0 when none); for D2D, HOST is the source device
   address.  CODEPTR: the construct's return address (NULL: none).
   AUX: queue track waited for (DM_TR_WAIT), blocks fused (FUSION),
   -1 otherwise.  */
void dm_trace_span (int track, enum dm_trace_kind kind, uint64_t t0,
		    int device, uint64_t host, uint64_t devaddr,
		    uint64_t bytes, const void *codeptr, int aux);

/* The device memory counter of DEVICE, now.  */
void dm_trace_memory (int device);

/* Queued work: a record made at enqueue time (NULL: out of memory or
   the limit is reached), whose start and stop are queue callbacks (the
   device's queue_callback signature); stop records and frees it.  */
struct dm_trace_queued;
struct dm_trace_queued *dm_trace_queued_new (enum dm_trace_kind kind,
					     const void *queue, int device,
					     uint64_t host, uint64_t devaddr,
					     uint64_t bytes,
					     const void *codeptr);
void dm_trace_queued_start (void *rec, const char *failure);
void dm_trace_queued_stop (void *rec, const char *failure);

/* Queued work timed by the device instead: its START (or stop) MARK,
   recorded on the queue (NULL: the device could not; the span is lost),
   and MARK_TIME (CTX, MARK, WAIT, &NS) that reads a mark as a device's
   mark_time op does.  After the stop mark the record is the trace's:
   its marks are read in batches, and all at dm_trace_finish.  */
typedef int dm_trace_mark_time_fn (void *ctx, void *mark, int wait,
				   uint64_t *ns);
void dm_trace_queued_marked (struct dm_trace_queued *rec, int start,
			     void *mark, dm_trace_mark_time_fn *mark_time,
			     void *ctx);

/* The source locations of N records of SIZE bytes at ITEMS: each
   one's construct address (a const void * at CODEPTR_OFF) gives its
   text (a malloc'd char * stored at TEXT_OFF; NULL where none is
   known): file:line from the DWARF through libdw, opened once for all
   of them, or function+offset.  Also the report's (support/report.h).  */
void dm_trace_resolve (void *items, size_t n, size_t size,
		       size_t codeptr_off, size_t text_off);

/* Write the file (at exit).  */
void dm_trace_finish (void);

#endif
