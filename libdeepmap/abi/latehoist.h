/* latehoist.h -- sections a hoisted loop maps on some paths only
   (DEEPMAP_HOIST_LATE in the enter data's record, deepmap.h): the enter
   data leaves them pending, and this thread enters each right before the
   first construct the plugin named for it, as the program as written
   would map it there; the exit data forgets the ones never entered.  The
   plugin then puts nothing in the loop itself, where a flagged call
   before each such construct cost compile time.  */
#ifndef DM_LATEHOIST_H
#define DM_LATEHOIST_H

#include <stddef.h>

#include "deepmap.h"

/* Pending sections over all threads: the constructs' one test.  */
extern int dm_late_npending;

/* A hoisted enter (EXIT_DATA false) or exit data of record HS on DEVICE
   (the call's argument) of the sections HOSTADDRS, SIZES (HS->N of
   them), made on a device.  The enter data registers its late entries;
   the exit data forgets those of its entries still pending.  Either
   way, where an entry is not to be mapped by this call, it returns
   copies of the arrays with that entry empty (a NULL address and no
   bytes) in BUF_ADDRS and BUF_SIZES (room for HS->N + 1 each), else
   leaves them alone.  Returns nonzero when it made the copies.  */
int dm_late_hoisted_call (int device, const struct deepmap_hoist_site *hs,
			  int exit_data, void **hostaddrs, const size_t *sizes,
			  void **buf_addrs, size_t *buf_sizes);

/* The enter data of the pending sections of one enter data (one record,
   one device) that wait for the construct known by KEY (a target
   construct's outlined function, a target data construct's map-kind
   array): its arguments, with a record of their own as the last
   entry.  */
struct dm_late_batch
{
  int device;
  size_t mapnum;
  void **hostaddrs;
  size_t *sizes;
  unsigned short *kinds;
  struct deepmap_hoist_site *record;
};

/* Take such a batch off this thread's pending sections into B: nonzero
   if there was one.  The caller makes the enter data, then frees B
   (dm_late_batch_free), and asks again.  */
int dm_late_take (const void *key, struct dm_late_batch *b);
void dm_late_batch_free (struct dm_late_batch *b);

#endif
