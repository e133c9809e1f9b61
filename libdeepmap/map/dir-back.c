/* dir-back.c -- copies back to the host that respect attached pointers:
   bytes come back around them; a pointer deep copy attached comes back
   as what the region stored into it (NULL, or the host address of the
   mapped byte it points to: dir-reverse.c), any other keeps the host's
   value, as OpenMP says; read-only host memory is compared, not
   written.  Also the staging buffer deep copy's batched copies share
   and the construct's snapshot of read-only memory.  */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "engine/pool.h"
#include "engine/transfer.h"
#include "map/dir-internal.h"
#include "map/hostpatch.h"
#include "map/hoistcheck.h"
#include "map/pipeline.h"
#include "support/addrmap.h"
#include "support/hostmem.h"

/* At least *BYTES of staging for one batched copy (under the device
   lock): the kept buffer when it is big enough, so that a construct
   neither allocates nor faults in fresh pages each time.  *BYTES becomes
   what the buffer holds; give it back with dm_scratch_put.  */
char *
dm_scratch_get (struct dm_ctx *ctx, size_t *bytes)
{
  struct dm_device_map *map = ctx->dev->map;
  if (*bytes && *bytes <= map->scratch_size)
    {
      char *buf = map->scratch;
      *bytes = map->scratch_size;
      map->scratch = NULL;
      map->scratch_size = 0;
      return buf;
    }
  char *buf = malloc (*bytes ? *bytes : 1);
  if (!buf)
    dm_fail (ctx, "out of host memory staging %zu bytes of deep copy",
	     *bytes);
  return buf;
}

/* BUF, of BYTES, back: kept unless larger than DM_SCRATCH_KEEP or than
   the one kept already.  */
void
dm_scratch_put (struct dm_ctx *ctx, char *buf, size_t bytes)
{
  struct dm_device_map *map = ctx->dev->map;
  if (bytes > DM_SCRATCH_KEEP || bytes <= map->scratch_size)
    {
      free (buf);
      return;
    }
  free (map->scratch);
  map->scratch = buf;
  map->scratch_size = bytes;
}

int
dm_ctx_read_only (struct dm_ctx *ctx, uintptr_t s, size_t n)
{
  if (dm_host_outside_objects (s, n))
    return 0;
  if (!ctx->ro_taken)
    {
      ctx->ro = dm_host_read_only_now ();
      ctx->ro_taken = 1;
    }
  return dm_ro_snap_has (ctx->ro, s, n);
}

/* The device value of the attached pointer at SLOT (looked up at its
   target plus BIAS).  */
uintptr_t
dm_attach_value (struct dm_ctx *ctx, uintptr_t slot, size_t bias,
		 int allow_missing, int section_pointer)
{
  uintptr_t target = dm_deep_load (slot);
  if (!target)
    return 0;
  uintptr_t at = target + bias;
  struct dm_mapping *t = dm_maptable_floor (&ctx->dev->map->table, at);
  if (t && (at < t->host_end || t->host_start == at
	    || (section_pointer && at == t->host_end)))
    return dm_block_dev (t->block, target);
  /* Into an array a pipelined loop holds (not in the directory): the
     chunk's slot, as the loop's own sections find it.  */
  uintptr_t piped = dm_pipe_translate (ctx->dev, target, 0);
  if (piped)
    return piped;
  if (!allow_missing)
    dm_fail (ctx, "cannot set the device copy of the pointer at host %p: "
	     "what it points to (host %p) is not mapped", (void *) slot,
	     (void *) at);
  return allow_missing == DM_ATTACH_KEEP ? target : 0;
}

/* Copy LEN staged bytes SRC back to host DST, which may be read-only
   memory (a string literal that a structure's `char *' reaches through
   automatic deep copy, a constant table a program maps tofrom: the
   copy back would fault): left alone there when it holds them already,
   an error where the device changed them (the program could not have
   either).  */
void
dm_host_write_back (struct dm_ctx *ctx, void *dst, const char *src,
		    size_t len)
{
  if (dm_ctx_read_only (ctx, (uintptr_t) dst, len))
    {
      if (memcmp (dst, src, len) != 0)
	dm_fail (ctx, "the device changed read-only host memory [%p, %p) "
		 "(a constant or string literal): it cannot be copied back",
		 dst, (void *) ((char *) dst + len));
      return;
    }
  memcpy (dst, src, len);
}

/* Copy device bytes from BUF (mirroring host [S, E) of block B) to the
   host, attached pointer slots as dm_attach_back says.  */
/* LEN staged bytes SRC to host DST: RO, the range holding DST may be
   read-only memory (dm_host_write_back), else a plain copy.  */
static inline void
dm_write_back_run (struct dm_ctx *ctx, int ro, uintptr_t dst,
		   const char *src, size_t len)
{
  if (ro)
    dm_host_write_back (ctx, (void *) dst, src, len);
  else
    memcpy ((void *) dst, src, len);
}

void
dm_copy_back_buffer (struct dm_ctx *ctx, struct dm_block *b, const char *buf,
		     uintptr_t s, uintptr_t e)
{
  /* Asked once for the whole range, not for each run between slots.  */
  int ro = dm_ctx_read_only (ctx, s, e - s);
  uintptr_t run = s, cur = s, slot;
  while (dm_next_attached (b, &cur, e, &slot))
    {
      uintptr_t s0 = slot < s ? s : slot;
      if (s0 > run)
	dm_write_back_run (ctx, ro, run, buf + (run - s), s0 - run);
      run = slot + DM_W;
      if (slot >= s && slot + DM_W <= e)
	{
	  uintptr_t dv, dvb = DM_NO_WORD;
	  memcpy (&dv, buf + (slot - s), sizeof dv);
	  /* An end pointer's begin pointer, in the same object.  */
	  const struct dm_attach_slot *a = dm_slot_state (b, dm_slot_of (b,
									  slot));
	  if (a && a->begin && slot - a->begin >= s)
	    memcpy (&dvb, buf + (slot - a->begin - s), sizeof dvb);
	  dm_attach_back (ctx, b, slot, dv, dvb);
	}
    }
  if (run < e)
    dm_write_back_run (ctx, ro, run, buf + (run - s), e - run);
}

/* Device bytes [DEV, DEV + LEN) into the host buffer STAGE.  */
void
dm_stage_back (struct dm_ctx *ctx, char *stage, uintptr_t dev, size_t len)
{
  if (dm_copy_to_host (ctx->dev, stage, dev, len, NULL))
    dm_fail (ctx, "deep copy: copying %zu bytes back from device address "
	     "%p failed: %s", len, (void *) dev, dm_reason ());
}

/* Staging of dm_copy_back_staged, at most (a slot may stretch it).  */
#define DM_BACK_CHUNK ((uintptr_t) 1 << 20)

/* The most pointer slots dm_copy_back_direct takes on.  */
#define DM_BACK_DIRECT_SLOTS 4096

int
dm_copy_back_direct (struct dm_ctx *ctx, struct dm_block *b, uintptr_t s,
		     uintptr_t e)
{
  size_t n = 0;
  for (uintptr_t cur = s, at; dm_next_attached (b, &cur, e, &at);)
    if (++n > DM_BACK_DIRECT_SLOTS)
      return 0;
  /* Each slot's address, its host bytes, then the device's word.  */
  struct slot
  {
    uintptr_t at;
    unsigned char host[DM_W], dev[DM_W];
  } *sl = malloc ((n + 1) * sizeof *sl);
  if (!sl)
    return 0;
  if (!dm_deep_patch_begin ())
    {
      free (sl);
      return 0;
    }
  n = 0;
  for (uintptr_t cur = s, at; dm_next_attached (b, &cur, e, &at);)
    {
      sl[n].at = at;
      memcpy (sl[n++].host, (void *) at, DM_W);
    }
  int r = dm_copy_to_host (ctx->dev, (void *) s, dm_block_dev (b, s), e - s,
			   NULL);
  for (size_t i = 0; i < n; i++)
    {
      /* A slot at an end of the range keeps the bytes outside it.  */
      uintptr_t lo = sl[i].at < s ? s : sl[i].at;
      uintptr_t hi = sl[i].at + DM_W > e ? e : sl[i].at + DM_W;
      memcpy (sl[i].dev, (void *) sl[i].at, DM_W);
      memcpy ((void *) lo, sl[i].host + (lo - sl[i].at), hi - lo);
    }
  dm_deep_patch_end ();
  if (r != 0)
    dm_fail (ctx, "deep copy: copying %zu bytes back from device address "
	     "%p failed: %s", (size_t) (e - s), (void *) dm_block_dev (b, s),
	     dm_reason ());
  for (size_t i = 0; i < n; i++)
    if (sl[i].at >= s && sl[i].at + DM_W <= e)
      {
	uintptr_t dv, dvb = DM_NO_WORD;
	memcpy (&dv, sl[i].dev, sizeof dv);
	/* An end pointer's begin pointer: an attached slot before it.  */
	const struct dm_attach_slot *a = dm_slot_state (b, dm_slot_of (b,
								sl[i].at));
	for (size_t j = i; a && a->begin && j-- > 0;)
	  if (sl[j].at <= sl[i].at - a->begin)
	    {
	      if (sl[j].at == sl[i].at - a->begin)
		memcpy (&dvb, sl[j].dev, sizeof dvb);
	      break;
	    }
	dm_attach_back (ctx, b, sl[i].at, dv, dvb);
      }
  free (sl);
  return 1;
}

void
dm_copy_back_staged (struct dm_ctx *ctx, struct dm_block *b, uintptr_t s,
		     uintptr_t e)
{
  size_t held = e - s < DM_BACK_CHUNK + DM_W ? e - s : DM_BACK_CHUNK + DM_W;
  char *stage = dm_scratch_get (ctx, &held);
  for (uintptr_t c = s; c < e;)
    {
      uintptr_t ce = e - c > DM_BACK_CHUNK ? c + DM_BACK_CHUNK : e;
      /* A pointer slot is never split between two chunks.  */
      uintptr_t cur = ce - (DM_W - 1), at;
      while (ce < e && dm_next_attached (b, &cur, ce, &at))
	if (at + DM_W > ce)
	  {
	    ce = at + DM_W;
	    break;
	  }
      dm_stage_back (ctx, stage, dm_block_dev (b, c), ce - c);
      dm_copy_back_buffer (ctx, b, stage, c, ce);
      c = ce;
    }
  dm_scratch_put (ctx, stage, held);
}

/* DEEPMAP_CHECK: the slots whose host pointer a copy back set, with the
   value set (a slot's later value replaces its earlier), so that the
   check tells the device's changes from the host's.  */
static struct
{
  pthread_mutex_t lock;
  struct dm_addrmap map;
} dm_came_back = { PTHREAD_MUTEX_INITIALIZER, { NULL, NULL, 0, 0 } };

static void
dm_came_back_note (uintptr_t slot, uintptr_t value)
{
  pthread_mutex_lock (&dm_came_back.lock);
  if (dm_addrmap_put (&dm_came_back.map, slot, value) != 0)
    dm_fatal ("deep copy check: out of host memory");
  pthread_mutex_unlock (&dm_came_back.lock);
}

int
dm_dir_came_back (uintptr_t slot, uintptr_t value)
{
  uintptr_t v;
  pthread_mutex_lock (&dm_came_back.lock);
  int yes = dm_addrmap_get (&dm_came_back.map, slot, &v) && v == value;
  pthread_mutex_unlock (&dm_came_back.lock);
  return yes;
}

/* ---- what deep copy attached, after a region changed it ------------- */

uintptr_t
dm_dir_attached_target (struct dm_device *dev, uintptr_t slot, uintptr_t hv)
{
  if (__atomic_load_n (&dev->map->attached_was.n, __ATOMIC_RELAXED) == 0)
    return hv;
  uintptr_t was;
  dm_device_lock (dev);
  /* Only the exit that ends the attachment: an enter data since the
     change walked the host's pointer and took its references there,
     which an earlier exit gives back the same way.  */
  struct dm_mapping *m = dm_maptable_floor (&dev->map->table, slot);
  if (m && slot < m->host_end
      && dm_addrmap_get (&dev->map->attached_was, slot, &was))
    {
      const struct dm_attach_slot *a
	= dm_slot_state (m->block, dm_slot_of (m->block, slot));
      if (a && a->count <= 1)
	hv = was;
    }
  pthread_mutex_unlock (&dev->lock);
  return hv;
}

/* The host value of an end pointer the device holds as DV, its array's
   begin pointer as DVB: the begin's host value plus the distance, where
   the begin is the device address of a mapped byte and the end lies in
   the same block (at most one past it).  Returns 0 when not so.  */
static int
dm_end_back (struct dm_ctx *ctx, uintptr_t dv, uintptr_t dvb, uintptr_t *nh)
{
  uintptr_t nb;
  if (dvb == DM_NO_WORD || !dvb || dv < dvb
      || !dm_dir_untranslate (ctx->dev, dvb, &nb))
    return 0;
  struct dm_mapping *m = dm_maptable_floor (&ctx->dev->map->table, nb);
  if (!m || dv - dvb > m->block->host_end - nb)
    return 0;
  *nh = nb + (dv - dvb);
  return 1;
}

void
dm_attach_back (struct dm_ctx *ctx, struct dm_block *b, uintptr_t slot,
		uintptr_t dv, uintptr_t dvb)
{
  const struct dm_attach_slot *a = dm_slot_state (b, dm_slot_of (b, slot));
  /* The program's own attachments keep OpenMP's rule: the host pointer
     keeps its value.  */
  if (!a->deep)
    return;
  uintptr_t hv = dm_deep_load (slot);
  uintptr_t ev = dm_attach_value (ctx, slot, a->bias,
				  a->keep ? DM_ATTACH_KEEP : 1, 1);
  /* Unchanged by the region; or the device copy points at something no
     longer mapped (the program unmapped the target itself), which
     nothing can tell from a change.  */
  if (dv == ev || (hv && !ev))
    return;
  uintptr_t nh = 0;
  if (dv && !(a->begin && dm_end_back (ctx, dv, dvb, &nh)))
    {
      /* A pointer to an array's end is looked up inside the array.
	 What is no mapped device byte comes back as it is: a host value
	 the device kept (an empty array's), moved by the region.  */
      if (dm_dir_untranslate (ctx->dev, dv + a->bias, &nh))
	nh -= a->bias;
      else if (dm_pool_holds (ctx->dev, dv + a->bias))
	/* A device address, of what is no longer mapped: no host address
	   is left to give back (an object only a region mapped, whose
	   mapping ended before the structure's).  */
	dm_fail (ctx, "a region stored into the pointer at host %p the "
		 "device address %p, whose object is no longer mapped: deep "
		 "copy has no host address to bring back for it (map what "
		 "it points to for as long as the structure)", (void *) slot,
		 (void *) dv);
      else
	nh = dv;
    }
  if (nh == hv)
    return;
  /* The structure stays mapped as deep copy found it: an exit data
     (which walks the host's pointers) must release what was attached,
     not what the region linked in (dm_dir_attached_target).  The first
     change keeps the value attached.  */
  uintptr_t was;
  if (!dm_addrmap_get (&ctx->dev->map->attached_was, slot, &was)
      && dm_addrmap_put (&ctx->dev->map->attached_was, slot, hv) != 0)
    dm_fail (ctx, "out of host memory noting the pointer at host %p",
	     (void *) slot);
  dm_host_write_back (ctx, (void *) slot, (const char *) &nh, DM_W);
  /* The structure changed shape: recorded walks of it are stale.  */
  ctx->dev->map->deep_epoch++;
  if (__builtin_expect (dm_config.check, 0))
    {
      dm_came_back_note (slot, nh);
      dm_hoist_check_host_changed ((void *) slot, DM_W);
    }
}
