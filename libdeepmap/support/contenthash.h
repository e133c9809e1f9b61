/* contenthash.h -- 64-bit hashes of memory contents, for the report of
   wasteful data movement (report.h): a change detector, not a digest;
   and hashing beside a copy, on a thread of its own, so that the copy's
   time hides the hash's.  */
#ifndef DM_CONTENTHASH_H
#define DM_CONTENTHASH_H

#include <stddef.h>
#include <stdint.h>

static inline uint64_t
dm_hash_rotl (uint64_t x, int r)
{
  return (x << r) | (x >> (64 - r));
}

/* The finaliser of a 64-bit multiplicative hash: every input bit
   reaches every output bit.  */
static inline uint64_t
dm_hash_mix (uint64_t h)
{
  h ^= h >> 33;
  h *= 0xff51afd7ed558ccdull;
  h ^= h >> 33;
  h *= 0xc4ceb9fe1a85ec53ull;
  h ^= h >> 33;
  return h;
}

/* The hash of HEIGHT rows of WIDTH bytes at P, PITCH apart.  */
uint64_t dm_content_hash (const void *p, size_t width, size_t pitch,
			  size_t height);

/* Copy HEIGHT rows of WIDTH bytes from SRC (SPITCH apart) to DST
   (DPITCH apart; no overlap) and return dm_content_hash (SRC, WIDTH,
   SPITCH, HEIGHT), in one pass over the bytes: where the copy is bound
   by memory, the hash costs next to nothing.  BYPASS_CACHE: store with
   non-temporal stores, as a DMA engine writes (a large copy).  */
uint64_t dm_content_hash_copy (void *dst, size_t dpitch, const void *src,
			       size_t spitch, size_t width, size_t height,
			       int bypass_cache);

/* The same hash, taken by the hashing thread while the caller does
   something else (a copy of those bytes): a ticket, or NULL when that
   thread is busy with another caller's bytes or cannot be started (the
   caller then hashes them itself).  The bytes must not change until
   dm_content_hash_end (TICKET), which waits for the hash.  */
struct dm_hash_ticket;
/* Start the hashing thread now rather than at the first copy (which a
   program may be timing).  */
void dm_content_hash_prepare (void);
struct dm_hash_ticket *dm_content_hash_begin (const void *p, size_t width,
					      size_t pitch, size_t height);
uint64_t dm_content_hash_end (struct dm_hash_ticket *ticket);

#endif
