/* devices.c -- the OpenMP device numbers: which backends make them up
   (DEEPMAP_DEVICES), the default device, OMP_TARGET_OFFLOAD, and start-up
   and shut-down of each device.  */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/async.h"
#include "support/config.h"
#include "abi/devices.h"
#include "map/devmap.h"
#include "map/directory.h"
#include "map/hostpatch.h"
#include "map/mapping.h"
#include "support/error.h"
#include "support/region.h"
#include "engine/images.h"
#include "support/ompabi.h"
#include "support/ompt.h"

#ifdef DM_HAVE_CUDA

#define DM_KNOWN_GPUS ", cuda"
#else
#define DM_KNOWN_GPUS ""
#endif

static const struct dm_backend *const dm_backends[] = {
#ifdef DM_HAVE_CUDA
  &dm_cuda_backend,
#endif
  &dm_emu_backend,
};
#define DM_NBACKENDS (sizeof dm_backends / sizeof dm_backends[0])

static struct dm_device *dm_devices;
static struct dm_device_map *dm_device_maps;	/* one per device */
static int dm_ndevices;
static pthread_once_t dm_devices_once = PTHREAD_ONCE_INIT;

/* The default-device ICV; omp_set_default_device changes it.  */
int dm_default_device_var;

int dm_hoisted_on_default;
const char *dm_hoisted_where;

/* The host addresses of the sections counted in dm_hoisted_on_default,
   each with how many enter data keep it.  */
static struct dm_kept
{
  void *host;
  int count;
} *dm_kept;
static size_t dm_kept_n, dm_kept_cap;
static pthread_mutex_t dm_kept_lock = PTHREAD_MUTEX_INITIALIZER;

void
dm_hoist_kept_enter (const char *where, size_t n, void **hostaddrs,
		     const size_t *sizes)
{
  pthread_mutex_lock (&dm_kept_lock);
  for (size_t i = 0; i < n; i++)
    {
      if (!sizes[i])
	continue;
      size_t k = 0;
      while (k < dm_kept_n && dm_kept[k].host != hostaddrs[i])
	k++;
      if (k == dm_kept_n)
	{
	  if (dm_kept_n == dm_kept_cap)
	    {
	      size_t cap = dm_kept_cap ? 2 * dm_kept_cap : 64;
	      void *p = realloc (dm_kept, cap * sizeof *dm_kept);
	      if (!p)
		dm_fatal_unlock (&dm_kept_lock, "out of memory for the "
				 "sections transfer hoisting keeps");
	      dm_kept = p;
	      dm_kept_cap = cap;
	    }
	  dm_kept[dm_kept_n].host = hostaddrs[i];
	  dm_kept[dm_kept_n++].count = 0;
	}
      dm_kept[k].count++;
      if (__atomic_fetch_add (&dm_hoisted_on_default, 1,
			      __ATOMIC_RELAXED) == 0)
	dm_hoisted_where = where;
    }
  pthread_mutex_unlock (&dm_kept_lock);
}

void
dm_hoist_kept_exit (size_t n, void **hostaddrs, const size_t *sizes)
{
  pthread_mutex_lock (&dm_kept_lock);
  for (size_t i = 0; i < n; i++)
    {
      if (!sizes[i])
	continue;
      for (size_t k = 0; k < dm_kept_n; k++)
	if (dm_kept[k].host == hostaddrs[i])
	  {
	    if (--dm_kept[k].count == 0)
	      dm_kept[k] = dm_kept[--dm_kept_n];
	    __atomic_fetch_sub (&dm_hoisted_on_default, 1, __ATOMIC_RELAXED);
	    break;
	  }
    }
  pthread_mutex_unlock (&dm_kept_lock);
}

static const struct dm_backend *
dm_backend_named (const char *name, size_t len)
{
  for (size_t i = 0; i < DM_NBACKENDS; i++)
    if (strlen (dm_backends[i]->name) == len
	&& !memcmp (dm_backends[i]->name, name, len))
      return dm_backends[i];
  return NULL;
}

static void
dm_add_devices (const struct dm_backend *b, int count)
{
  for (int i = 0; i < count; i++)
    {
      struct dm_device *dev = &dm_devices[dm_ndevices];
      memset (dev, 0, sizeof *dev);
      dev->id = dm_ndevices;
      dev->backend_index = i;
      dev->map = &dm_device_maps[dm_ndevices];
      pthread_mutex_init (&dev->lock, NULL);
      pthread_mutex_init (&dev->globals_lock, NULL);
      pthread_cond_init (&dev->map->unpinned, NULL);
      dev->icvs.nteams = dm_config_omp_device_int ("OMP_NUM_TEAMS", dev->id);
      dev->icvs.teams_thread_limit
	= dm_config_omp_device_int ("OMP_TEAMS_THREAD_LIMIT", dev->id);
      if (b->init (&dev->core, i) != 0)
	dm_fatal ("cannot start device %d (%s #%d): %s", dev->id, b->name, i,
		  dm_reason ());
      dm_ndevices++;
    }
}

/* The timeline's device memory counter (device lock held).  */
static size_t
dm_devices_in_use (int device)
{
  return device >= 0 && device < dm_ndevices ? dm_devices[device].pool.in_use
					     : 0;
}

static void
dm_devices_fini (void)
{
  if (DM_OMPT_ON ())
    {
      dm_images_ompt_replay (0);
      for (int i = 0; i < dm_ndevices; i++)
	dm_ompt_device_finalize (i);
    }
  dm_ompt_finish ();
  /* The program's destructors may still unregister images: they must
     not reach devices that are gone.  */
  dm_images_devices_stopped ();
  if (dm_config.stats)
    {
      /* The program's own output first: it is what the numbers
	 explain.  */
      fflush (stdout);
      for (int i = 0; i < dm_ndevices; i++)
	dm_stats_print (&dm_devices[i]);
    }
  /* Device memory is returned by the process's exit; only backends that
     hold outside resources (threads, driver contexts) need a word.  */
  for (int i = 0; i < dm_ndevices; i++)
    if (dm_devices[i].ops->fini)
      dm_devices[i].ops->fini (&dm_devices[i].core);
}

/* fork () while other threads use the devices: the child must not
   inherit a device lock some thread held, nor wait for regions, queues
   and pins of threads it does not have.  The forking thread takes every
   device's locks (region variables first, as regions do) so that the
   child's copy of the directory is consistent, then both sides release
   them; the child also forgets the parent's queues and pins.  A GPU's
   driver does not survive fork: the child gets an error on first use.  */
static void
dm_fork_prepare (void)
{
  for (int i = 0; i < dm_ndevices; i++)
    {
      /* After GLOBALS_LOCK: a region holding it may still want LOCK.  */
      pthread_mutex_lock (&dm_devices[i].globals_lock);
      __atomic_store_n (&dm_devices[i].fork_waiting, 1, __ATOMIC_RELEASE);
      pthread_mutex_lock (&dm_devices[i].lock);
    }
}

static void
dm_fork_parent (void)
{
  for (int i = dm_ndevices - 1; i >= 0; i--)
    {
      __atomic_store_n (&dm_devices[i].fork_waiting, 0, __ATOMIC_RELEASE);
      pthread_mutex_unlock (&dm_devices[i].lock);
      pthread_mutex_unlock (&dm_devices[i].globals_lock);
    }
}

static void
dm_fork_child (void)
{
  dm_deep_host_lock_after_fork ();
  for (int i = 0; i < dm_ndevices; i++)
    {
      struct dm_device *dev = &dm_devices[i];
      dm_async_after_fork (dev);
      dm_dir_after_fork (dev);
      dm_map_after_fork (dev);
      dev->forked = !dev->ops->runs_host_code;
      pthread_cond_init (&dev->map->unpinned, NULL);
      dev->fork_waiting = 0;
      pthread_mutex_unlock (&dev->lock);
      pthread_mutex_unlock (&dev->globals_lock);
    }
}

static void
dm_devices_init (void)
{
  const char *list = dm_config.devices;
  size_t max = 0;

  /* First pass: validate names and count devices.  */
  int counts[64];
  const struct dm_backend *chosen[64];
  int nchosen = 0;
  if (list)
    {
      const char *p = list;
      while (*p)
	{
	  size_t len = strcspn (p, ",");
	  const struct dm_backend *b = dm_backend_named (p, len);
	  if (!b)
	    dm_fatal ("bad value '%s' of DEEPMAP_DEVICES: '%.*s' is not a "
		      "device kind of this build (known: emu%s)", list,
		      (int) len, p, DM_KNOWN_GPUS);
	  if (nchosen == 64)
	    dm_fatal ("bad value '%s' of DEEPMAP_DEVICES: more than 64 "
		      "entries", list);
	  int n = b->count ();
	  if (n < 0)
	    dm_fatal ("DEEPMAP_DEVICES names %s devices, but none can be "
		      "used: %s", b->name, dm_reason ());
	  /* Named but absent: say so, once, rather than fall back to the
	     host in silence.  */
	  if (n == 0)
	    dm_warning ("DEEPMAP_DEVICES=%s names %s devices, but there are "
			"none here; their device numbers do not exist", list,
			b->name);
	  chosen[nchosen] = b;
	  counts[nchosen++] = n;
	  max += n;
	  p += len;
	  if (*p == ',')
	    {
	      p++;
	      if (!*p)
		dm_fatal ("bad value '%s' of DEEPMAP_DEVICES: empty entry",
			  list);
	    }
	}
    }
  else
    {
      /* Every GPU the machine offers, else one emulated device.  */
      for (size_t i = 0; i < DM_NBACKENDS; i++)
	if (dm_backends[i] != &dm_emu_backend)
	  {
	    int n = dm_backends[i]->count ();
	    if (n > 0)
	      {
		chosen[nchosen] = dm_backends[i];
		counts[nchosen++] = n;
		max += n;
	      }
	  }
      if (max == 0)
	{
	  chosen[nchosen] = &dm_emu_backend;
	  counts[nchosen++] = 1;
	  max = 1;
	}
    }

  dm_devices = calloc (max ? max : 1, sizeof *dm_devices);
  dm_device_maps = calloc (max ? max : 1, sizeof *dm_device_maps);
  if (!dm_devices || !dm_device_maps)
    dm_fatal ("out of host memory starting %zu devices", max);
  for (int i = 0; i < nchosen; i++)
    dm_add_devices (chosen[i], counts[i]);
  atexit (dm_devices_fini);
  dm_trace_set_memory_probe (dm_devices_in_use);
  pthread_atfork (dm_fork_prepare, dm_fork_parent, dm_fork_child);
  dm_images_devices_started (dm_devices, dm_ndevices);
}

static int dm_devices_ready;

/* A tool started after the devices: what it would have seen.  */
static void
dm_devices_announce (void)
{
  for (int i = 0; i < dm_ndevices; i++)
    dm_ompt_device_initialize (i, dm_devices[i].ops->name);
  dm_images_ompt_replay (1);
}

/* Devices first, then the OMPT tool (its initialize may ask for the
   number of devices), then the flag that lets every thread through:
   no device event comes before the tool is started.  */
static void __attribute__ ((noinline))
dm_devices_start_slow (void)
{
  pthread_once (&dm_devices_once, dm_devices_init);
  if (dm_ompt_start (dm_ndevices, dm_devices_announce))
    __atomic_store_n (&dm_devices_ready, 1, __ATOMIC_RELEASE);
}

static inline void
dm_devices_start (void)
{
  /* After start-up a flag answers.  */
  if (__builtin_expect (!__atomic_load_n (&dm_devices_ready,
					  __ATOMIC_ACQUIRE), 0))
    dm_devices_start_slow ();
}

int
dm_num_devices (void)
{
  if (dm_config.offload == DM_OFFLOAD_DISABLED)
    return 0;
  dm_devices_start ();
  return dm_ndevices;
}

struct dm_device *
dm_device_get (int n)
{
  if (n < 0 || n >= dm_num_devices ())
    return NULL;
  return &dm_devices[n];
}

struct dm_device *
dm_device_resolve (int device, const char *construct)
{
  /* Region code on the emulated device is host code, which can reach
     this runtime again; on a GPU no runtime serves a construct there
     (GCC's nvptx libgomp stops at it), and OpenMP leaves it unspecified.
     Running it would also wait for locks the region's launch holds.  */
  if (__builtin_expect (dm_current_device != NULL, 0))
    dm_fatal ("%s inside a target region on device %d: a construct "
	      "nested in a region has no runtime on a GPU (OpenMP leaves "
	      "it unspecified); map the data and launch regions from the "
	      "host", construct, dm_current_device->id);
  if (dm_config.offload == DM_OFFLOAD_DISABLED)
    return NULL;
  dm_devices_start ();
  if (device == DM_DEVICE_ICV)
    device = __atomic_load_n (&dm_default_device_var, __ATOMIC_RELAXED);
  if (device == DM_DEVICE_HOST_FALLBACK)
    return NULL;
  if (device >= 0 && device < dm_ndevices)
    {
      if (__builtin_expect (dm_devices[device].forked, 0))
	dm_fatal ("%s on device %d (%s): this process is a fork () child "
		  "of the one that started the device, and its driver does "
		  "not survive fork; offload before forking only in the "
		  "child, or exec", construct, device,
		  dm_devices[device].ops->name);
      return &dm_devices[device];
    }
  if (dm_config.offload == DM_OFFLOAD_MANDATORY && dm_ndevices == 0)
    dm_fatal ("%s: OMP_TARGET_OFFLOAD=mandatory, but there is no offload "
	      "device", construct);
  if (device == dm_ndevices)
    {
      /* The initial device: the construct runs on the host.  */
      return NULL;
    }
  if (dm_config.offload == DM_OFFLOAD_MANDATORY)
    dm_fatal ("%s on device %d: OMP_TARGET_OFFLOAD=mandatory, but the "
	      "device does not exist (%d device%s: 0..%d, host %d)",
	      construct, device, dm_ndevices, dm_ndevices == 1 ? "" : "s",
	      dm_ndevices - 1, dm_ndevices);
  /* Like GCC's runtime: a device number that names no device falls back
     to the host.  */
  return NULL;
}

struct dm_device *
dm_device_for_region (int device, void (*fn) (void *))
{
  struct dm_device *dev = dm_device_resolve (device, "target");
  if (dev == NULL || dev->ops->has_region == NULL
      || dev->ops->has_region (&dev->core, fn))
    return dev;
  if (dm_config.offload == DM_OFFLOAD_MANDATORY)
    dm_fatal ("target on device %d (%s): no device code for the region "
	      "(host function %p; build with -foffload=nvptx-none), and "
	      "OMP_TARGET_OFFLOAD=mandatory forbids running it on the host",
	      dev->id, dev->ops->name, (void *) fn);
  /* Like GCC's runtime: code built without an image for the device runs
     on the host.  */
  return NULL;
}
