/* nowait.c -- nowait constructs as tasks of the system libgomp.

   The task's data is one relocatable blob (GOMP_task copies it when it
   defers the task): a header, then the address, size and kind arrays,
   the launch arguments, and private copies of firstprivate data, whose
   addresses are stored as offsets and fixed up when the task runs.  */
#include <alloca.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "error.h"
#include "mapping.h"
#include "nowait.h"
#include "ompabi.h"

extern void GOMP_task (void (*) (void *), void *, void (*) (void *, void *),
		       long, long, bool, unsigned, void **, int, void *);

struct dm_nowait
{
  enum dm_nowait_kind kind;
  struct dm_device *dev;
  void (*fn) (void *);
  size_t mapnum, nargs;
  size_t off_addrs, off_sizes, off_kinds, off_args;
};

#define DM_ALIGN_UP(x, a) (((x) + (a) - 1) & ~((size_t) (a) - 1))

static void
dm_nowait_run (void *data)
{
  struct dm_nowait *t = data;
  char *base = data;
  void **addrs = (void **) (base + t->off_addrs);
  size_t *sizes = (size_t *) (base + t->off_sizes);
  unsigned short *kinds = (unsigned short *) (base + t->off_kinds);
  void **args = t->nargs ? (void **) (base + t->off_args) : NULL;

  for (size_t i = 0; i < t->mapnum; i++)
    if ((kinds[i] & 0xff) == DM_MAP_FIRSTPRIVATE && addrs[i])
      addrs[i] = base + (uintptr_t) addrs[i];

  switch (t->kind)
    {
    case DM_NOWAIT_TARGET:
      dm_target_now (t->dev, t->fn, t->mapnum, addrs, sizes, kinds, args);
      break;
    case DM_NOWAIT_UPDATE:
      dm_update_now (t->dev, t->mapnum, addrs, sizes, kinds);
      break;
    case DM_NOWAIT_ENTER_DATA:
    case DM_NOWAIT_EXIT_DATA:
      dm_enter_exit_now (t->dev, t->kind == DM_NOWAIT_EXIT_DATA, t->mapnum,
			 addrs, sizes, kinds);
      break;
    }
}

void
dm_nowait_submit (enum dm_nowait_kind kind, struct dm_device *dev,
		  void (*fn) (void *), size_t mapnum, void **hostaddrs,
		  size_t *sizes, unsigned short *kinds, void **depend,
		  void **args)
{
  size_t nargs = 0;
  if (args)
    {
      while (args[nargs])
	nargs++;
      nargs++;			/* the terminating NULL */
    }

  size_t off = DM_ALIGN_UP (sizeof (struct dm_nowait), 16);
  size_t off_addrs = off;
  off += mapnum * sizeof (void *);
  size_t off_sizes = off;
  off += mapnum * sizeof (size_t);
  size_t off_kinds = off;
  off += mapnum * sizeof (unsigned short);
  off = DM_ALIGN_UP (off, sizeof (void *));
  size_t off_args = off;
  off += nargs * sizeof (void *);
  size_t fp_start = off;
  /* Firstprivate copies may ask for more than 16-byte alignment; the
     blob's alignment is the largest any of them needs.  */
  size_t align = 16;
  off = dm_firstprivate_size (mapnum, hostaddrs, sizes, kinds, fp_start,
			      &align);

  char *blob = aligned_alloc (align, DM_ALIGN_UP (off, align));
  if (!blob)
    dm_fatal ("nowait construct: out of host memory for a %zu-byte task",
	      off);
  struct dm_nowait *t = (struct dm_nowait *) blob;
  *t = (struct dm_nowait) { kind, dev, fn, mapnum, nargs,
			    off_addrs, off_sizes, off_kinds, off_args };
  void **addrs = (void **) (blob + off_addrs);
  memcpy (addrs, hostaddrs, mapnum * sizeof (void *));
  memcpy (blob + off_sizes, sizes, mapnum * sizeof (size_t));
  memcpy (blob + off_kinds, kinds, mapnum * sizeof (unsigned short));
  if (nargs)
    memcpy (blob + off_args, args, nargs * sizeof (void *));
  size_t *offsets = alloca (mapnum * sizeof *offsets + 1);
  dm_firstprivate_pack (mapnum, hostaddrs, sizes, kinds, blob, fp_start,
			offsets);
  for (size_t i = 0; i < mapnum; i++)
    if ((kinds[i] & 0xff) == DM_MAP_FIRSTPRIVATE && hostaddrs[i])
      addrs[i] = (void *) (uintptr_t) offsets[i];

  GOMP_task (dm_nowait_run, blob, NULL, (long) off, (long) align, true,
	     depend ? DM_TASK_FLAG_DEPEND : 0, depend, 0, NULL);
  free (blob);
}
