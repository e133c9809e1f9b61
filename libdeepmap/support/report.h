/* report.h -- DEEPMAP_REPORT=1 (or =FILE): at exit, the data movement a
   hand optimisation would remove, ranked by bytes, after OMPDataPerf
   (PPoPP'26):

   - duplicate transfers: a host range sent to a device again with the
     same contents as the last time it was sent;
   - round trips: a range copied back from a device and then sent to it
     again unchanged;
   - repeated allocation: device memory for a host range allocated again
     after it was freed (a data region to hoist).
   - unchanged copies back: a range copied back with the bytes the host
     and that device memory both had at the last copy either way (no
     device write changed them: a tofrom or from that could be to).

   Contents are compared by a 64-bit hash of the bytes copied, kept per
   host range (device, start, length); large synchronous copies are
   hashed while they run (support/contenthash.h, engine/transfer.c), a
   queued (nowait) copy back once its queue has passed it
   (dm_report_back_done).

   Fed by the OMPT event sites (support/ompt.h): with the report on,
   dm_ompt_enabled is set, so it costs nothing more when off.  Entries
   are grouped by the construct's return address, resolved to file:line
   at exit by the timeline's resolver (dm_trace_resolve).  */
#ifndef DM_REPORT_H
#define DM_REPORT_H

#include <stddef.h>
#include <stdint.h>

/* Nonzero when the report is being recorded.  */
extern int dm_report_enabled;

/* Start recording (config: dm_config.report); once.  */
void dm_report_init (void);

/* A copy between the host range at HOST (HEIGHT rows of WIDTH bytes,
   PITCH apart) and DEVICE, made by the construct at CODEPTR (NULL:
   none) in NS nanoseconds (0: queued, not timed).  TO_DEVICE: host to
   device, else back.  QUEUED: the bytes are not there yet.  HASH: their
   dm_content_hash, taken beside the copy (NULL: hash them here).  For a
   queued copy back, what dm_report_back_done needs to hash its bytes
   once they are there: the caller queues that callback right after the
   copy (NULL when out of host memory: the copy stays unclassified).  */
struct dm_rp_later;
struct dm_rp_later *dm_report_copy (int to_device, int device,
				    const void *host, size_t width,
				    size_t pitch, size_t height, int queued,
				    const uint64_t *hash, uint64_t ns,
				    const void *codeptr);
/* A queue callback (see the backends' queue_callback): hash the bytes of
   the copy back of DATA, a dm_rp_later, and free it.  */
void dm_report_back_done (void *data, const char *failure);

/* Device memory for the host range [HOST, HOST + BYTES) was allocated
   (ALLOC) or freed, in NS nanoseconds.  */
void dm_report_memory (int alloc, int device, const void *host,
		       size_t bytes, uint64_t ns, const void *codeptr);

/* Print the report (at exit).  */
void dm_report_finish (void);

#endif
