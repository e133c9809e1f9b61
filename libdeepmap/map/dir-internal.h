/* dir-internal.h -- what the directory's files share (directory.c:
   segments, blocks, fusion, entering and leaving; dir-attach.c: pointer
   attachments; dir-plan.c: the deferred copies and patches of a deep
   copy).  Not for other layers: they use directory.h.  */
#ifndef DM_DIR_INTERNAL_H
#define DM_DIR_INTERNAL_H

#include <stdint.h>
#include <string.h>

#include "map/descriptor.h"
#include "map/directory.h"
#include "map/maptable.h"
#include "map/devmap.h"
#include "support/addrmap.h"

static inline uintptr_t
dm_block_dev (const struct dm_block *b, uintptr_t host)
{
  return b->dev_start + (host - b->host_start);
}

/* Attachment counts are kept per pointer-aligned slot of the block's host
   range: slot K is at host address dm_slot_base (B) + K * sizeof (void *),
   whatever the alignment of the block's start.  */
#define DM_W ((uintptr_t) sizeof (void *))

static inline uintptr_t
dm_slot_base (const struct dm_block *b)
{
  return b->host_start & ~(DM_W - 1);
}

static inline size_t
dm_slot_count (const struct dm_block *b)
{
  return (b->host_end - dm_slot_base (b) + DM_W - 1) / DM_W + 1;
}

/* The attachment state of slot K of B, or NULL if its page has none.  */
static inline struct dm_attach_slot *
dm_slot_state (const struct dm_block *b, size_t k)
{
  struct dm_attach_slot *p = b->attach ? b->attach[k / DM_ATTACH_PAGE] : NULL;
  return p ? p + k % DM_ATTACH_PAGE : NULL;
}

/* The attachment count of slot K of B.  */
static inline uint32_t
dm_slot_attached (const struct dm_block *b, size_t k)
{
  struct dm_attach_slot *a = dm_slot_state (b, k);
  return a ? a->count : 0;
}

/* Where the attachment of slot K of B looked (its target plus this).  */
static inline uintptr_t
dm_slot_bias (const struct dm_block *b, size_t k)
{
  struct dm_attach_slot *a = dm_slot_state (b, k);
  return a ? a->bias : 0;
}

/* The host address of attachment slot K of B: a pointer field of a
   packed structure starts inside the aligned word, not at it (no two
   pointers start in one word without overlapping).  */
static inline uintptr_t
dm_slot_addr (const struct dm_block *b, size_t k)
{
  struct dm_attach_slot *a = dm_slot_state (b, k);
  return dm_slot_base (b) + k * DM_W + (a ? a->skew : 0);
}

/* Pointer slots need not be aligned: stored bytewise (and loaded with
   descriptor.h's dm_deep_load).  */
static inline void
dm_store_word (uintptr_t host, uintptr_t v)
{
  memcpy ((void *) host, &v, sizeof v);
}

static inline size_t
dm_slot_of (const struct dm_block *b, uintptr_t host)
{
  return (host - dm_slot_base (b)) / DM_W;
}

/* Set the attachment count of slot K of B, keeping its live bit; its
   page must exist unless COUNT is 0.  */
static inline void
dm_slot_set_count (struct dm_block *b, size_t k, uint32_t count)
{
  struct dm_attach_slot *a = dm_slot_state (b, k);
  if (!a)
    return;
  a->count = count;
  uint64_t bit = (uint64_t) 1 << (k % 64);
  if (count)
    b->attach_live[k / 64] |= bit;
  else
    b->attach_live[k / 64] &= ~bit;
}

/* The first slot of B at or after K and below LIMIT (at most
   dm_slot_count (B)) whose count is not 0, or LIMIT when there is none:
   a scan of a segment's slots stops at its end, not at the block's (a
   block fused from thousands of objects, each unmapped in turn, made
   that quadratic: the Dense benchmark's exit data).  */
static inline size_t
dm_next_live_slot_below (const struct dm_block *b, size_t k, size_t limit)
{
  if (!b->attach_live || k >= limit)
    return limit;
  size_t w = k / 64;
  uint64_t bits = b->attach_live[w] & (~(uint64_t) 0 << (k % 64));
  size_t words = (limit + 63) / 64;
  while (!bits)
    {
      if (++w == words)
	return limit;
      bits = b->attach_live[w];
    }
  k = w * 64 + (size_t) __builtin_ctzll (bits);
  return k < limit ? k : limit;
}

/* The first slot of B at or after K whose count is not 0, or
   dm_slot_count (B) when there is none.  */
static inline size_t
dm_next_live_slot (const struct dm_block *b, size_t k)
{
  return dm_next_live_slot_below (b, k, dm_slot_count (b));
}

/* The next attached pointer slot of B that overlaps [*CUR, E): its host
   address in *AT; *CUR moves past it.  Returns 0 when there is none.  */
static inline int
dm_next_attached (const struct dm_block *b, uintptr_t *cur, uintptr_t e,
		  uintptr_t *at)
{
  uintptr_t base = dm_slot_base (b);
  if (!b->attach || *cur >= e)
    return 0;
  /* A slot that starts in the word before *CUR may reach into it.  */
  size_t k = *cur >= base + DM_W ? (*cur - base) / DM_W - 1 : 0;
  /* Slot K starts at or after BASE + K * DM_W: none from E's on
     overlaps.  */
  size_t n = dm_slot_count (b), below = (e - base + DM_W - 1) / DM_W;
  if (below < n)
    n = below;
  for (; (k = dm_next_live_slot_below (b, k, n)) < n; k++)
    {
      uintptr_t a = dm_slot_addr (b, k);
      if (a >= e)
	return 0;
      if (a + DM_W <= *cur)
	continue;
      *at = a;
      *cur = a + DM_W;
      return 1;
    }
  return 0;
}

/* The attachment state of slot K of B, its page allocated (and B's
   tables) if need be.  */
struct dm_attach_slot *dm_attach_slot (struct dm_ctx *ctx, struct dm_block *b,
				       size_t k);

/* Give B's attachment tables back (small ones to DEV's recycled).  */
void dm_attach_free (struct dm_device *dev, struct dm_block *b);

/* Whether a construct replaying a record (replay.h) holds segment M,
   as a reference of its own would: then M may not be released or
   removed now, which the record's last replayer finishes.  */
static inline int
dm_seg_replayed (struct dm_mapping *m)
{
  if (__builtin_expect (m->pin == NULL, 1) || m->pin->users == 0)
    return 0;
  m->pin->deferred = 1;
  return 1;
}

/* Segment M, pinned, lets go of its record (M is removed, or pinned
   anew): the record's hook may free it.  */
void dm_seg_unpin (struct dm_mapping *m);

/* The first non-empty segment that ends after P, or NULL; *POS (if
   given) is its place.  */
struct dm_mapping *dm_seg_from_pos (struct dm_device *dev, uintptr_t p,
				    struct dm_maptable_pos *pos);

static inline struct dm_mapping *
dm_seg_from (struct dm_device *dev, uintptr_t p)
{
  return dm_seg_from_pos (dev, p, NULL);
}

/* SLOT is attached anew or no more: what was attached there before a
   copy back changed it (dir-back.c) is forgotten.  Inline: every attach
   and detach asks, and the table is nearly always empty.  Device lock
   held.  */
static inline void
dm_dir_forget_attached (struct dm_device *dev, uintptr_t slot)
{
  dm_addrmap_del (&dev->map->attached_was, slot);
}

/* What the device copy of the pointer at host SLOT, in block B, holds
   (read now: the caller waited for queued work that writes it).  */
uintptr_t dm_dir_read_word (struct dm_ctx *ctx, struct dm_block *b,
			    uintptr_t slot);

/* Write the pointer-sized VALUE to device address D in block B (B is only
   needed by an asynchronous construct, whose queued copy reads a kept
   copy of VALUE).  */
int dm_dir_send_word (struct dm_ctx *ctx, struct dm_block *b, uintptr_t d,
		      uintptr_t value);

/* Copy host [S, E), inside block B, to the device (TO) or back, except
   attached pointer slots; planned instead under CTX->plan.  */
void dm_copy (struct dm_ctx *ctx, struct dm_block *b, uintptr_t s,
	      uintptr_t e, int to);

/* dir-back.c: the device value of the attached pointer at SLOT (looked
   up at its target plus BIAS).  ALLOW_MISSING: where that is not mapped,
   NULL (1), the host value (DM_ATTACH_KEEP), or an error (0).  */
uintptr_t dm_attach_value (struct dm_ctx *ctx, uintptr_t slot, size_t bias,
			   int allow_missing, int section_pointer);

/* dir-back.c: the attached pointer at host SLOT, in block B, comes back
   from the device holding DV.  Where deep copy attached it and the region stored
   another pointer (NULL, or the device address of a mapped byte), the
   host gets that pointer (NULL, or the host address of the same byte);
   otherwise the host keeps its own, as OpenMP says.  An end pointer
   (struct dm_attach_slot's BEGIN) comes back as its begin pointer's
   host value plus the distance on the device, where DVB, the device
   value of that begin pointer, is known (else DM_NO_WORD): an array's
   end is no byte of it, and may be the first of another object.  */
#define DM_NO_WORD UINTPTR_MAX
void dm_attach_back (struct dm_ctx *ctx, struct dm_block *b, uintptr_t slot,
		     uintptr_t dv, uintptr_t dvb);

/* dir-back.c: copy LEN bytes from SRC back to host DST, which may be
   read-only memory (then compared, an error where they differ).  */
void dm_host_write_back (struct dm_ctx *ctx, void *dst, const char *src,
			 size_t len);

/* dir-back.c: device bytes in BUF (mirroring host [S, E) of block B) to
   the host, attached pointer slots as dm_attach_back says.  */
void dm_copy_back_buffer (struct dm_ctx *ctx, struct dm_block *b,
			  const char *buf, uintptr_t s, uintptr_t e);

/* dir-back.c: host [S, E) of block B, not read-only memory, back
   straight from the device, attached slots as dm_attach_back says
   (synchronous): their host bytes are put back after the copy, and each
   one wholly inside goes to dm_attach_back with the device's value.
   Saves staging's copy of every byte (a structure of 1 MiB objects with
   pointers).  While device values stand in host slots no walk of
   another thread may look (map/hostpatch.h): 0, and nothing done, when
   one is under way or the range holds many slots (an array of
   pointers).  */
int dm_copy_back_direct (struct dm_ctx *ctx, struct dm_block *b, uintptr_t s,
			 uintptr_t e);

/* dir-back.c: host [S, E) of block B back from the device through
   staging, attached slots as dm_attach_back says (synchronous).  */
void dm_copy_back_staged (struct dm_ctx *ctx, struct dm_block *b,
			  uintptr_t s, uintptr_t e);

/* dir-back.c: device bytes [DEV, DEV + LEN) into the host buffer STAGE
   (synchronous; an error ends the program).  */
void dm_stage_back (struct dm_ctx *ctx, char *stage, uintptr_t dev,
		    size_t len);

/* Staging kept on the device's map up to this size; larger is freed.
   Batched copies stage at most this much at a time, so that a large
   deep copy (a structure of many small objects, tens of MiB) reuses one
   buffer instead of faulting in fresh pages for all of it each time.  */
#define DM_SCRATCH_KEEP ((size_t) 4 << 20)

/* dir-back.c: at least *BYTES of staging for one batched copy (under the
   device lock): the buffer kept on the device's map when it is big
   enough.  *BYTES becomes what the buffer holds; give it back with
   dm_scratch_put.  */
char *dm_scratch_get (struct dm_ctx *ctx, size_t *bytes);
void dm_scratch_put (struct dm_ctx *ctx, char *buf, size_t bytes);

#endif
