/* dir-attach.c -- pointer attachments (OpenMP 5.0 attach/detach, and
   deep copy's pointers): the device copy of a mapped pointer gets the
   device address of what it points to, counted per pointer slot of the
   block that holds it, so that copies in either direction skip it and
   fusion rewrites it when its target moves.  */
#include <stdlib.h>

#include "engine/async.h"
#include "map/dir-internal.h"

/* The attachment state of SLOT, a host address in B; *K its index.  */
static struct dm_attach_slot *
dm_slot_index (struct dm_ctx *ctx, struct dm_block *b, uintptr_t slot,
	       size_t *k)
{
  *k = dm_slot_of (b, slot);
  struct dm_attach_slot *a = dm_attach_slot (ctx, b, *k);
  a->skew = (slot - dm_slot_base (b)) % DM_W;
  return a;
}

uintptr_t
dm_dir_write_pointer (struct dm_ctx *ctx, uintptr_t slot, uintptr_t value)
{
  uintptr_t d = dm_dir_translate (ctx->dev, slot, 0);
  if (!d)
    dm_fail (ctx, "the pointer at host %p must be mapped to be set, but is "
	     "not", (void *) slot);
  struct dm_block *b = ctx->async ? dm_maptable_floor (&ctx->dev->map->table,
							slot)->block : NULL;
  if (dm_dir_send_word (ctx, b, d, value) != 0)
    dm_fail (ctx, "writing the pointer at host %p to the device failed: %s",
	     (void *) slot, dm_reason ());
  return d;
}

/* dm_dir_attach_translate; DEV_SLOT NULL: no translation wanted.  */
static inline __attribute__ ((always_inline)) int
dm_attach_at (struct dm_ctx *ctx, uintptr_t slot, size_t bias,
	      int allow_missing, int section_pointer, unsigned begin,
	      uintptr_t *dev_slot)
{
  struct dm_device *dev = ctx->dev;
  struct dm_mapping *m = dm_maptable_floor (&dev->map->table, slot);
  /* Attaching writes the pointer's device copy; the block holding it
     stays where it is.  */
  if (dev_slot)
    *dev_slot = m && (slot < m->host_end || m->host_start == slot)
		? dm_block_dev (m->block, slot) : 0;
  if (!m || slot >= m->host_end)
    return 0;
  struct dm_block *b = m->block;
  size_t idx;
  struct dm_attach_slot *a = dm_slot_index (ctx, b, slot, &idx);
  uint32_t count = a->count;
  if (count == UINT32_MAX)
    dm_fail (ctx, "too many attachments of the pointer at host %p",
	     (void *) slot);
  dm_slot_set_count (b, idx, count + 1);
  if (count > 0)
    {
      /* Attached while the host pointer was NULL, and the host has set
	 it since (a node linked in while the structure stayed mapped,
	 an array allocated after its descriptor was mapped): the device
	 copy follows, as attached now.  */
      if (!a->unset || dm_deep_load (slot) == 0)
	return 1;
      bias = a->bias;
      allow_missing = a->keep ? DM_ATTACH_KEEP : allow_missing;
    }
  else
    {
      dm_dir_forget_attached (dev, slot);
      a->bias = bias;
      a->deep = ctx->deep != 0;
      a->begin = ctx->deep ? begin : 0;
      a->keep = allow_missing == DM_ATTACH_KEEP;
    }
  a->unset = dm_deep_load (slot) == 0;
  if (ctx->plan)
    {
      struct dm_plan *p = ctx->plan;
      if (p->npatch == p->cappatch)
	{
	  p->cappatch = p->cappatch ? 2 * p->cappatch : 64;
	  p->patch = realloc (p->patch, p->cappatch * sizeof *p->patch);
	  if (!p->patch)
	    dm_fail (ctx, "out of host memory planning pointer patches");
	}
      p->patch[p->npatch++]
	= (struct dm_plan_patch) { slot, bias, allow_missing, section_pointer };
      return 1;
    }

  uintptr_t value = dm_attach_value (ctx, slot, bias, allow_missing,
				     section_pointer);
  dm_dir_write_pointer (ctx, slot, value);
  return 1;
}

int
dm_dir_attach (struct dm_ctx *ctx, uintptr_t slot, size_t bias,
	       int allow_missing, int section_pointer, unsigned begin)
{
  return dm_attach_at (ctx, slot, bias, allow_missing, section_pointer,
		       begin, NULL);
}

int
dm_dir_attach_translate (struct dm_ctx *ctx, uintptr_t slot, size_t bias,
			 int allow_missing, int section_pointer,
			 unsigned begin, uintptr_t *dev_slot)
{
  return dm_attach_at (ctx, slot, bias, allow_missing, section_pointer,
		       begin, dev_slot);
}

int
dm_dir_descriptor_pointer (struct dm_ctx *ctx, uintptr_t slot, size_t bias,
			   uintptr_t desc_start, uintptr_t desc_end,
			   int always, int allow_missing)
{
  struct dm_mapping *m = dm_maptable_floor (&ctx->dev->map->table, slot);
  if (!m || slot >= m->host_end)
    return 0;
  struct dm_block *b = m->block;
  struct dm_attach_slot *a = dm_slot_state (b, dm_slot_of (b, slot));
  if (!a || a->count == 0)
    return dm_dir_attach (ctx, slot, bias, allow_missing, 1, 0);
  /* As GCC's libgomp: again where asked (always_pointer), or where the
     descriptor was mapped before its array was allocated and now has
     it.  */
  uintptr_t target = dm_deep_load (slot);
  if (always || (a->unset && target))
    {
      /* The descriptor's other words (bounds, strides) as the host has
	 them now (copies skip attached words), then the pointer.  */
      if (desc_end > desc_start)
	dm_copy (ctx, b, desc_start, desc_end, 1);
      dm_dir_write_pointer (ctx, slot,
			    dm_attach_value (ctx, slot, bias, allow_missing,
					     1));
      a->unset = target == 0;
    }
  return 1;
}

/* Leave the detach of the pointer at SLOT to the last replayer of the
   record PIN (replay.c's dm_replay_end).  */
static void
dm_defer_detach (struct dm_replay_pin *pin, uintptr_t slot)
{
  if (pin->nlater == pin->caplater)
    {
      size_t cap = pin->caplater ? 2 * pin->caplater : 16;
      uintptr_t *l = realloc (pin->later, cap * sizeof *l);
      if (!l)
	dm_fatal ("deep copy: out of host memory deferring a detach");
      pin->later = l;
      pin->caplater = cap;
    }
  pin->later[pin->nlater++] = slot;
}

void
dm_dir_detach (struct dm_ctx *ctx, uintptr_t slot, int finalize)
{
  struct dm_mapping *m = dm_maptable_floor (&ctx->dev->map->table, slot);
  if (!m || slot >= m->host_end)
    return;
  struct dm_block *b = m->block;
  size_t idx = dm_slot_of (b, slot);
  struct dm_attach_slot *a = dm_slot_state (b, idx);
  if (!a || a->count == 0)
    return;
  if (finalize)
    a->count = 1;
  /* A construct replaying the structure holds the pointer attached: its
     last replayer detaches (replay.h).  */
  if (a->count == 1 && dm_seg_replayed (m))
    {
      dm_defer_detach (m->pin, slot);
      return;
    }
  /* A pointer deep copy attached, in bytes that stay mapped (a structure
     an enclosing construct holds without deep copy, as hoisting does):
     what a region stored into it comes back now, while what it points
     to is still mapped, as the copy back of a construct that mapped the
     structure itself would have brought it.  */
  if (a->count == 1 && a->deep && m->refcount != 0 && !ctx->async)
    dm_attach_back (ctx, b, slot, dm_dir_read_word (ctx, b, slot),
		    a->begin ? dm_dir_read_word (ctx, b, slot - a->begin)
			     : DM_NO_WORD);
  /* The device copy gets the host pointer back only if it stays mapped:
     bytes leaving the device need no restoring.  */
  dm_slot_set_count (b, idx, a->count - 1);
  if (a->count == 0)
    {
      dm_dir_forget_attached (ctx->dev, slot);
      /* A recorded structure may have lost this pointer (replay.h).  */
      ctx->dev->map->deep_epoch++;
      if (m->refcount != 0)
	dm_dir_write_pointer (ctx, slot, dm_deep_load (slot));
    }
}
