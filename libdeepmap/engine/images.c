/* images.c -- offload images and host tables.

   GCC's programs announce their target functions and declare-target
   variables with GOMP_offload_register_ver (when built with an offload
   compiler) from constructors that may run before any device starts; we
   only record them then.  Programs built without offload images still
   carry the host tables in ELF sections, found by elfscan.c when the
   devices start.  Each device loads every image it can use and enters the
   variables into its mapping table for good.  */
#define _GNU_SOURCE 1
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/devstate.h"
#include "engine/elfscan.h"
#include "support/error.h"
#include "support/export.h"
#include "support/hostmem.h"
#include "engine/images.h"
#include "engine/transfer.h"
#include "support/ompabi.h"
#include "support/ompt.h"

struct dm_image *dm_images;
static const struct dm_image_mapper *dm_mapper;

void
dm_images_set_mapper (const struct dm_image_mapper *mapper)
{
  dm_mapper = mapper;
}
static pthread_mutex_t dm_images_lock = PTHREAD_MUTEX_INITIALIZER;
static struct dm_device *dm_started_devs;
static int dm_started_n;

/* Whether DEV runs the host code of regions (the emulated device): it
   loads no images of its own, takes every host table, and reaches
   declare-target variables at their host addresses (run_with_globals).  */
static inline int
dm_uses_host_tables (const struct dm_device *dev)
{
  return dev->ops->run_with_globals != NULL;
}

/* Can DEV use IMG?  A device that runs host code takes any host table;
   others need an image of their own type.  */
static int
dm_image_fits (struct dm_device *dev, const struct dm_image *img)
{
  if (dm_uses_host_tables (dev))
    return 1;
  /* Other devices need an image of their own type; tables without one
     (found by the ELF scan) serve only host-code devices.  */
  return dev->ops->image_load != NULL && img->target_data != NULL
	 && img->device_type == dev->ops->image_type;
}

static void
dm_global_add (struct dm_device *dev, uintptr_t host, size_t size, int link,
	       uintptr_t link_ptr)
{
  pthread_mutex_lock (&dev->globals_lock);
  if (dev->nglobals == dev->globals_capacity)
    {
      size_t cap = dev->globals_capacity ? 2 * dev->globals_capacity : 16;
      struct dm_global *g = realloc (dev->globals, cap * sizeof *g);
      if (!g)
	dm_fatal ("loading an offload image on device %d: out of host "
		  "memory", dev->id);
      dev->globals = g;
      dev->globals_capacity = cap;
    }
  /* Read-only segments stay so while the image is loaded: asked once.  */
  dev->globals[dev->nglobals++] = (struct dm_global) {
    host, size, link, dm_host_read_only (host, size), link_ptr, 0 };
  pthread_mutex_unlock (&dev->globals_lock);
}

/* A device that runs host code gets a device copy of each declare target
   variable, initialised from the host's initial value as a GPU image's
   would be from its static initialiser; link variables are mapped by
   clauses.  */
static void
dm_image_load_host_code (struct dm_device *dev, struct dm_image *img)
{
  size_t nvars = dm_host_table_nvars (&img->table);
  for (size_t i = 0; i < nvars; i++)
    {
      uintptr_t host = img->table.vars_begin[2 * i];
      uintptr_t size = img->table.vars_begin[2 * i + 1];
      int link = (size & DM_VAR_LINK_BIT) != 0;
      size &= ~DM_VAR_LINK_BIT;
      if (!link)
	dm_mapper->declare (dev, host, size, 0, img->initial_of[i]);
      dm_global_add (dev, host, size, link, 0);
    }
}

/* Is IMG's host table loaded on DEV, through IMG or another registration
   of it?  A host table can be registered for several device types, and
   found by the ELF scan as well; a device loads it once.  */
/* OMPT device_load / device_unload of IMG on DEV: the module is the
   host object holding the table.  */
static void
dm_image_ompt (struct dm_device *dev, const struct dm_image *img, int load)
{
  if (!load)
    {
      dm_ompt_device_unload (dev->id, img->module_id);
      return;
    }
  const void *at = img->table.funcs_begin != img->table.funcs_end
		   ? (const void *) img->table.funcs_begin
		   : (const void *) img->table.vars_begin;
  Dl_info info;
  const char *file = dladdr (at, &info) && info.dli_fname
		     ? info.dli_fname : NULL;
  dm_ompt_device_load (dev->id, file, at, img->module_id);
}

static int
dm_table_loaded (struct dm_device *dev, const struct dm_image *img)
{
  for (struct dm_image *i = dm_images; i; i = i->next)
    if (i->loaded && i->loaded[dev - dm_started_devs]
	&& i->table.funcs_begin == img->table.funcs_begin
	&& i->table.vars_begin == img->table.vars_begin)
      return 1;
  return 0;
}

static void
dm_image_load (struct dm_device *dev, struct dm_image *img)
{
  if (!dm_image_fits (dev, img) || dm_table_loaded (dev, img))
    return;
  if (!img->loaded && !(img->loaded = calloc (dm_started_n, 1)))
    dm_fatal ("loading an offload image on device %d: out of host memory",
	      dev->id);
  img->loaded[dev - dm_started_devs] = 1;
  if (dm_uses_host_tables (dev))
    {
      dm_image_load_host_code (dev, img);
      if (DM_OMPT_ON ())
	dm_image_ompt (dev, img, 1);
      return;
    }
  size_t nvars = dm_host_table_nvars (&img->table);
  uintptr_t *dev_vars = calloc (nvars + 1, sizeof *dev_vars);
  if (!dev_vars)
    dm_fatal ("loading an offload image on device %d: out of host memory",
	      dev->id);
  if (dev->ops->image_load (&dev->core, &img->table, img->target_data,
			    dev_vars) != 0)
    dm_fatal ("loading an offload image (%zu functions, %zu variables) on "
	      "device %d (%s) failed: %s",
	      (size_t) (img->table.funcs_end - img->table.funcs_begin), nvars,
	      dev->id, dev->ops->name, dm_reason ());
  for (size_t i = 0; i < nvars; i++)
    {
      uintptr_t host = img->table.vars_begin[2 * i];
      uintptr_t size = img->table.vars_begin[2 * i + 1];
      /* GCC's device code reaches a link variable through a pointer
	 variable of the image, set when the variable is mapped.  */
      if (size & DM_VAR_LINK_BIT)
	dm_global_add (dev, host, size & ~DM_VAR_LINK_BIT, 1, dev_vars[i]);
      else
	dm_mapper->declare (dev, host, size, dev_vars[i], NULL);
    }
  free (dev_vars);
  if (DM_OMPT_ON ())
    dm_image_ompt (dev, img, 1);
}

/* IMG, no longer in dm_images, goes away: drop its variables from DEV
   if they came from IMG.  (Another registration of the same table that
   DEV could use is loaded in its place by the caller.)  */
static void
dm_image_drop_vars (struct dm_device *dev, const struct dm_image *img)
{
  size_t nvars = dm_host_table_nvars (&img->table);
  for (size_t i = 0; i < nvars; i++)
    {
      uintptr_t host = img->table.vars_begin[2 * i];
      if (!(img->table.vars_begin[2 * i + 1] & DM_VAR_LINK_BIT))
	dm_mapper->undeclare (dev, host);
      pthread_mutex_lock (&dev->globals_lock);
      for (size_t g = 0; g < dev->nglobals; g++)
	if (dev->globals[g].host == host)
	  {
	    dev->globals[g] = dev->globals[--dev->nglobals];
	    break;
	  }
      pthread_mutex_unlock (&dev->globals_lock);
    }
}

/* Is this host table known already (registered for another device type,
   or found by the scan as well as registered)?  */
static int
dm_table_known (const struct dm_host_table *t)
{
  for (struct dm_image *i = dm_images; i; i = i->next)
    if (i->table.funcs_begin == t->funcs_begin
	&& i->table.vars_begin == t->vars_begin)
      return 1;
  return 0;
}

/* Are the SIZE bytes at P all zero?  Word at a time: a .bss array
   reads as the kernel's zero page, fast.  */
static int
dm_all_zero (const void *p, size_t size)
{
  const unsigned char *c = p;
  for (; size && ((uintptr_t) c & 7); size--, c++)
    if (*c)
      return 0;
  for (; size >= 64; size -= 64, c += 64)
    {
      uint64_t w[8];
      memcpy (w, c, sizeof w);
      if (w[0] | w[1] | w[2] | w[3] | w[4] | w[5] | w[6] | w[7])
	return 0;
    }
  for (; size; size--, c++)
    if (*c)
      return 0;
  return 1;
}

static struct dm_image *
dm_image_add (const struct dm_host_table *t, int type, const void *data)
{
  struct dm_image *img = calloc (1, sizeof *img);
  size_t nvars = dm_host_table_nvars (t), total = 0;
  /* A GPU image starts with the variables' static initial values; the
     host's may change once main runs.  Keep them now, but not the zeros
     of a .bss variable.  */
  const char **initial_of = calloc (nvars ? nvars : 1, sizeof *initial_of);
  unsigned char *zero = calloc (nvars ? nvars : 1, 1);
  if (!img || !initial_of || !zero)
    dm_fatal ("registering an offload image: out of host memory");
  for (size_t i = 0; i < nvars; i++)
    {
      size_t size = t->vars_begin[2 * i + 1] & ~DM_VAR_LINK_BIT;
      zero[i] = dm_all_zero ((const void *) t->vars_begin[2 * i], size);
      if (!zero[i])
	total += size;
    }
  char *initial = malloc (total ? total : 1);
  if (!initial)
    dm_fatal ("registering an offload image: out of host memory");
  for (size_t i = 0, off = 0; i < nvars; i++)
    {
      size_t size = t->vars_begin[2 * i + 1] & ~DM_VAR_LINK_BIT;
      if (zero[i])
	continue;
      memcpy (initial + off, (void *) t->vars_begin[2 * i], size);
      initial_of[i] = initial + off;
      off += size;
    }
  free (zero);
  img->initial = initial;
  img->initial_of = initial_of;
  img->table = *t;
  img->device_type = type;
  img->target_data = data;
  static uint64_t modules;
  img->module_id = ++modules;
  img->next = dm_images;
  dm_images = img;
  return img;
}

static void
dm_scan_found (const struct dm_host_table *t, const char *object, void *arg)
{
  if (!dm_table_known (t))
    dm_image_add (t, 0, NULL);
}

void
dm_images_scan (void)
{
  pthread_mutex_lock (&dm_images_lock);
  if (dm_elfscan_host_tables (dm_scan_found, NULL) != 0)
    dm_warning ("cannot read the host tables of the program's ELF files "
		"(%s); declare target variables of objects built without "
		"offload images are not known to the devices", dm_reason ());
  pthread_mutex_unlock (&dm_images_lock);
}

void
dm_images_devices_started (struct dm_device *devs, int n)
{
  pthread_mutex_lock (&dm_images_lock);
  dm_started_devs = devs;
  dm_started_n = n;
  for (int d = 0; d < n; d++)
    for (struct dm_image *img = dm_images; img; img = img->next)
      dm_image_load (&devs[d], img);
  pthread_mutex_unlock (&dm_images_lock);
}

/* A tool started after the devices loaded their images: tell it what
   is loaded (LOAD), or at exit what goes.  */
void
dm_images_ompt_replay (int load)
{
  pthread_mutex_lock (&dm_images_lock);
  for (int d = 0; d < dm_started_n; d++)
    for (struct dm_image *img = dm_images; img; img = img->next)
      if (img->loaded && img->loaded[d])
	dm_image_ompt (&dm_started_devs[d], img, load);
  pthread_mutex_unlock (&dm_images_lock);
}

void
dm_images_devices_stopped (void)
{
  /* No lock: exit may come from a fatal error while this thread holds
     it (loading an image).  Its holders read the count under it.  */
  __atomic_store_n (&dm_started_n, 0, __ATOMIC_RELEASE);
}

DM_EXPORT void
GOMP_offload_register_ver (unsigned version, const void *host_table,
			   int target_type, const void *target_data)
{
  if (DM_VERSION_LIB (version) > 1)
    dm_fatal ("offload image of library version %u: this runtime speaks "
	      "version 1 (GCC 12)", DM_VERSION_LIB (version));
  const void *const *ht = host_table;
  struct dm_host_table t = { (void *const *) ht[0], (void *const *) ht[1],
			     (const uintptr_t *) ht[2],
			     (const uintptr_t *) ht[3] };
  pthread_mutex_lock (&dm_images_lock);
  struct dm_image *img = dm_image_add (&t, target_type, target_data);
  /* Devices already running load it now (a library opened late, or one
     whose constructors ran after something started the devices), unless
     they have its table already (scanned as well as registered).  */
  for (int d = 0; d < dm_started_n; d++)
    dm_image_load (&dm_started_devs[d], img);
  pthread_mutex_unlock (&dm_images_lock);
}

DM_EXPORT void
GOMP_offload_register (const void *host_table, int target_type,
		       const void *target_data)
{
  GOMP_offload_register_ver (0, host_table, target_type, target_data);
}

/* The object holding ADDR (a table of the image being unregistered,
   at dlclose) loses its static data: what clauses left mapped there goes,
   uncopied, so that a library loaded later at the same addresses does not
   find stale device copies present.  Said once per device and object.  */
static void
dm_image_forget_data (struct dm_device *dev, const void *addr)
{
  uintptr_t s[8], e[8];
  const char *name;
  int n = dm_elfscan_object_data (addr, s, e, 8, &name);
  size_t bytes = 0;
  for (int i = 0; i < n; i++)
    bytes += dm_mapper->forget (dev, s[i], e[i]);
  if (bytes)
    dm_warning ("%zu bytes of static data of %s were still mapped on "
		"device %d when it was unloaded: unmapped, not copied back",
		bytes, name, dev->id);
}

DM_EXPORT void
GOMP_offload_unregister_ver (unsigned version, const void *host_table,
			     int target_type, const void *target_data)
{
  const void *const *ht = host_table;
  pthread_mutex_lock (&dm_images_lock);
  for (struct dm_image **link = &dm_images; *link; link = &(*link)->next)
    {
      struct dm_image *img = *link;
      if ((const void *) img->table.funcs_begin == ht[0]
	  && img->device_type == target_type
	  && img->target_data == target_data)
	{
	  *link = img->next;
	  for (int d = 0; d < dm_started_n; d++)
	    {
	      struct dm_device *dev = &dm_started_devs[d];
	      if (!img->loaded || !img->loaded[d])
		continue;
	      dm_image_drop_vars (dev, img);
	      dm_image_forget_data (dev, ht[0]);
	      if (DM_OMPT_ON ())
		dm_image_ompt (dev, img, 0);
	      if (dev->ops->image_unload)
		dev->ops->image_unload (&dev->core, &img->table);
	      /* Another registration of the table takes over, if any.  */
	      for (struct dm_image *other = dm_images; other;
		   other = other->next)
		dm_image_load (dev, other);
	    }
	  free (img->loaded);
	  free (img->initial);
	  free (img->initial_of);
	  free (img);
	  break;
	}
    }
  pthread_mutex_unlock (&dm_images_lock);
}

DM_EXPORT void
GOMP_offload_unregister (const void *host_table, int target_type,
			 const void *target_data)
{
  GOMP_offload_unregister_ver (0, host_table, target_type, target_data);
}

/* Point the image's pointer of every link variable of DEV at the
   variable's device copy (or NULL when no byte of it is mapped), where that
   changed since the last region: mappings come and go, and fusion moves
   blocks, between regions.  (Queued regions still waiting to run see
   the latest address: README, Limitations.)  */
static int
dm_links_refresh (struct dm_device *dev)
{
  int r = 0;
  pthread_mutex_lock (&dev->globals_lock);
  for (size_t i = 0; i < dev->nglobals && r == 0; i++)
    {
      struct dm_global *g = &dev->globals[i];
      /* Where only a section is mapped (enter data of table[8:16]), the
	 pointer is set so that the section's elements are found through
	 it (one block: a second section elsewhere is not).  */
      uintptr_t lo, hi, d = (uintptr_t) dm_mapper->translate_part
	(dev, (void *) g->host, g->size, &lo, &hi);
      if (d)
	d -= lo - g->host;
      if (d == g->link_value)
	continue;
      r = dm_copy_to_device_uncounted (dev, g->link_ptr, &d, sizeof d,
				       NULL);
      if (r == 0)
	g->link_value = d;
      else
	{
	  char why[512];
	  snprintf (why, sizeof why, "%s", dm_reason ());
	  dm_set_reason ("pointing the declare target link variable at host "
			 "%p (%zu bytes) to its device copy failed: %s",
			 (void *) g->host, g->size, why);
	}
    }
  pthread_mutex_unlock (&dev->globals_lock);
  return r;
}

/* Append REF to DEV's region references (*N of them so far).  */
static void
dm_global_ref_add (struct dm_device *dev, size_t *n, struct dm_global_ref ref)
{
  if (*n == dev->global_refs_capacity)
    {
      size_t cap = *n ? 2 * *n : dev->nglobals + 4;
      struct dm_global_ref *r = realloc (dev->global_refs, cap * sizeof *r);
      if (!r)
	dm_fatal ("target on device %d: out of host memory for %zu declare "
		  "target variables", dev->id, dev->nglobals);
      dev->global_refs = r;
      dev->global_refs_capacity = cap;
    }
  dev->global_refs[(*n)++] = ref;
}

int
dm_run_with_globals (struct dm_device *dev, const struct dm_launch *launch,
		     struct dm_queue *q)
{
  if (!dev->ops->run_with_globals)
    {
      if (dev->nglobals != 0 && dm_links_refresh (dev) != 0)
	return -1;
      return dev->ops->run (&dev->core, launch, q);
    }
  if (dev->nglobals == 0)
    return dev->ops->run (&dev->core, launch, q);
  /* The variables are put in place around the region, under their lock:
     a queued region runs here, after what Q holds so far.  */
  if (q && dev->ops->queue_sync (&dev->core, q) != 0)
    return -1;
  pthread_mutex_lock (&dev->globals_lock);
  size_t n = 0;
  for (size_t i = 0; i < dev->nglobals; i++)
    {
      /* Each mapped part is put in place: a variable's whole copy, or
	 the sections of a link variable that enter data mapped.  */
      struct dm_global *g = &dev->globals[i];
      uintptr_t lo, hi, end = g->host + g->size;
      for (uintptr_t at = g->host; at < end; at = hi)
	{
	  uintptr_t d = (uintptr_t) dm_mapper->translate_part
	    (dev, (void *) at, end - at, &lo, &hi);
	  if (!d)
	    break;
	  if (d != lo)
	    dm_global_ref_add (dev, &n, (struct dm_global_ref) {
	      lo, d, hi - lo, g->read_only });
	}
    }
  int r = dev->ops->run_with_globals (&dev->core, launch, dev->global_refs,
				      n);
  pthread_mutex_unlock (&dev->globals_lock);
  return r;
}
