/* cuda_device.c -- the CUDA backend: NVIDIA GPUs through the driver API
   (cuda_driver.h), GCC 12's nvptx images and launch convention.

   Each device works in its primary context (shared with any CUDA code of
   the program).  Memory comes from cuMemAlloc in large pieces that the
   pool sub-allocates; queues are streams; a region is a kernel of the
   image registered with its host table, found by the position of its host
   function in that table.  Copies are in cuda_transfer.c.  */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "device/cuda/cuda_internal.h"
#include "support/ompabi.h"
#include "support/error.h"
#include "support/ompabi.h"

/* GCC 12's nvptx target data (mkoffload's image header): PTX objects,
   variable names and kernel names, the latter two in host-table order.  */
struct dm_nvptx_obj
{
  const char *code;
  size_t size;
};

struct dm_nvptx_fn
{
  const char *name;
  unsigned short dim[3];	/* OpenACC launch dimensions; unused */
};

struct dm_nvptx_image
{
  const struct dm_nvptx_obj *objs;
  unsigned nobjs;
  const char *const *var_names;
  unsigned nvars;
  const struct dm_nvptx_fn *fns;
  unsigned nfns;
};

/* Soft stack per warp, as GCC 12's plugin gives its code (-msoft-stack).  */
#define DM_CUDA_STACK_SIZE ((size_t) 128 << 10)
/* OpenMP threads of a team are warps (blockDim.y); GCC's nvptx libgomp
   handles at most 32 of them.  */
#define DM_CUDA_MAX_WARPS 32
/* Warps per team when the program does not say: GCC's choice.  */
#define DM_CUDA_DEFAULT_WARPS 8

struct dm_cuda_kernel
{
  void *host_fn;
  CUfunction fn;
  const char *name;
  int max_threads, regs;
};

struct dm_cuda_image
{
  void *const *funcs_begin;	/* identifies the host table */
  CUmodule module;
  struct dm_cuda_kernel *kernels;
  size_t nkernels;
  uintptr_t *vars;		/* device addresses, host-table order */
  size_t nvars;
  struct dm_cuda_image *next;
};


/* Memory.  */

/* Synchronous regions keep their soft stacks for the next one; with
   many teams they take a gigabyte.  Data comes first: free them when no
   region is using them.  Returns nonzero if memory was freed.  */
static int
dm_cuda_drop_stacks (struct dm_backend_dev *dev)
{
  struct dm_cuda *c = dev->backend;
  if (pthread_mutex_trylock (&c->stacks_lock) != 0)
    return 0;
  int freed = c->stacks.ptr != 0;
  if (freed)
    dm_cu.cuMemFree (c->stacks.ptr);
  c->stacks.ptr = 0;
  c->stacks.size = 0;
  pthread_mutex_unlock (&c->stacks_lock);
  return freed;
}

static int
dm_cuda_mem_alloc (struct dm_backend_dev *dev, size_t size, uintptr_t *out)
{
  if (dm_cuda_bind (dev) != 0)
    return -1;
  CUdeviceptr p;
  CUresult r = dm_cu.cuMemAlloc (&p, size ? size : 1);
  if (r == CUDA_ERROR_OUT_OF_MEMORY && dm_cuda_drop_stacks (dev))
    r = dm_cu.cuMemAlloc (&p, size ? size : 1);
  if (r != CUDA_SUCCESS)
    {
      dm_cuda_reason (r, "cuMemAlloc", "cuda device %d: %zu bytes", dev->id,
		      size);
      return -1;
    }
  *out = (uintptr_t) p;
  return 0;
}

static int
dm_cuda_mem_free (struct dm_backend_dev *dev, uintptr_t addr, size_t size)
{
  if (dm_cuda_bind (dev) != 0)
    return -1;
  CUresult r = dm_cu.cuMemFree ((CUdeviceptr) addr);
  if (r != CUDA_SUCCESS)
    {
      dm_cuda_reason (r, "cuMemFree", "cuda device %d: %zu bytes at %#jx",
		      dev->id, size, (uintmax_t) addr);
      return -1;
    }
  return 0;
}

static int
dm_cuda_mem_info (struct dm_backend_dev *dev, size_t *free_bytes,
		  size_t *total)
{
  if (dm_cuda_bind (dev) != 0)
    return -1;
  return DM_CU (dev->id, cuMemGetInfo, free_bytes, total) ? -1 : 0;
}

/* Images.  */

static struct dm_cuda_image *
dm_cuda_image_find (struct dm_cuda *c, void *const *funcs_begin)
{
  for (struct dm_cuda_image *img = c->images; img; img = img->next)
    if (img->funcs_begin == funcs_begin)
      return img;
  return NULL;
}

static void
dm_cuda_image_free (struct dm_cuda_image *img)
{
  if (img->module)
    dm_cu.cuModuleUnload (img->module);
  free (img->kernels);
  free (img->vars);
  free (img);
}

/* Link the PTX objects of IMG into a module.  The JIT's error log goes
   into the reason.  */
static int
dm_cuda_link (struct dm_backend_dev *dev, const struct dm_nvptx_image *nv,
	      CUmodule *out)
{
  /* On the stack, not in TLS (dlopen needs small static TLS).  */
  char elog[2048];
  CUjit_option opts[] = { CU_JIT_ERROR_LOG_BUFFER,
			  CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES };
  void *vals[] = { elog, (void *) (uintptr_t) sizeof elog };
  CUlinkState link;
  elog[0] = '\0';
  if (DM_CU (dev->id, cuLinkCreate, 2, opts, vals, &link))
    return -1;
  const char *failed = NULL;
  CUresult r = CUDA_SUCCESS;
  for (unsigned i = 0; i < nv->nobjs && r == CUDA_SUCCESS; i++)
    {
      /* The driver wants the size including the terminating NUL, which
	 GCC's size counts.  */
      r = dm_cu.cuLinkAddData (link, CU_JIT_INPUT_PTX,
			       (void *) nv->objs[i].code, nv->objs[i].size,
			       NULL, 0, NULL, NULL);
      failed = "cuLinkAddData";
    }
  void *cubin = NULL;
  size_t cubin_size = 0;
  if (r == CUDA_SUCCESS)
    {
      r = dm_cu.cuLinkComplete (link, &cubin, &cubin_size);
      failed = "cuLinkComplete";
    }
  if (r == CUDA_SUCCESS)
    {
      r = dm_cu.cuModuleLoadData (out, cubin);
      failed = "cuModuleLoadData";
    }
  if (r != CUDA_SUCCESS)
    {
      dm_cuda_reason (r, failed, "cuda device %d: linking %u PTX object%s",
		      dev->id, nv->nobjs, nv->nobjs == 1 ? "" : "s");
      if (elog[0])
	{
	  /* First line of the JIT's log: the rest is for a debugger.  */
	  char why[512];
	  elog[strcspn (elog, "\n")] = '\0';
	  snprintf (why, sizeof why, "%s", dm_reason ());
	  dm_set_reason ("%s; JIT log: %s", why, elog);
	}
    }
  dm_cu.cuLinkDestroy (link);
  return r == CUDA_SUCCESS ? 0 : -1;
}

/* Write VALUE (SIZE bytes) to the module's variable NAME if it has one.  */
static int
dm_cuda_set_optional_global (struct dm_backend_dev *dev, CUmodule module,
			     const char *name, const void *value, size_t size)
{
  CUdeviceptr p;
  size_t bytes;
  CUresult r = dm_cu.cuModuleGetGlobal (&p, &bytes, module, name);
  if (r == CUDA_ERROR_NOT_FOUND)
    return 0;
  if (r != CUDA_SUCCESS)
    {
      dm_cuda_reason (r, "cuModuleGetGlobal", "cuda device %d: variable %s",
		      dev->id, name);
      return -1;
    }
  if (bytes != size)
    {
      dm_set_reason ("cuda device %d: the image's %s has %zu bytes, "
		     "expected %zu", dev->id, name, bytes, size);
      return -1;
    }
  return dm_cuda_to_device (dev, p, value, size, NULL);
}

/* Resolve the kernels and variables of a linked module.  */
static int
dm_cuda_image_resolve (struct dm_backend_dev *dev, struct dm_cuda_image *img,
		       const struct dm_host_table *table,
		       const struct dm_nvptx_image *nv)
{
  struct dm_cuda *c = dev->backend;
  for (size_t i = 0; i < img->nkernels; i++)
    {
      struct dm_cuda_kernel *k = &img->kernels[i];
      k->host_fn = table->funcs_begin[i];
      k->name = nv->fns[i].name;
      CUresult r = dm_cu.cuModuleGetFunction (&k->fn, img->module, k->name);
      if (r != CUDA_SUCCESS)
	{
	  dm_cuda_reason (r, "cuModuleGetFunction", "cuda device %d: kernel "
			  "%s", dev->id, k->name);
	  return -1;
	}
      if (DM_CU (dev->id, cuFuncGetAttribute, &k->regs,
		 CU_FUNC_ATTRIBUTE_NUM_REGS, k->fn)
	  || DM_CU (dev->id, cuFuncGetAttribute, &k->max_threads,
		    CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK, k->fn))
	return -1;
    }
  for (size_t i = 0; i < img->nvars; i++)
    {
      CUdeviceptr p;
      size_t bytes;
      const char *name = nv->var_names[i];
      CUresult r = dm_cu.cuModuleGetGlobal (&p, &bytes, img->module, name);
      if (r != CUDA_SUCCESS)
	{
	  dm_cuda_reason (r, "cuModuleGetGlobal", "cuda device %d: variable "
			  "%s", dev->id, name);
	  return -1;
	}
      uintptr_t host_size = table->vars_begin[2 * i + 1] & ~DM_VAR_LINK_BIT;
      if ((table->vars_begin[2 * i + 1] & DM_VAR_LINK_BIT) == 0
	  && bytes != host_size)
	{
	  dm_set_reason ("cuda device %d: the image's variable %s has %zu "
			 "bytes, the host's %zu", dev->id, name, bytes,
			 (size_t) host_size);
	  return -1;
	}
      img->vars[i] = (uintptr_t) p;
    }
  /* What GCC's device code reads for omp_get_device_num and
     omp_get_wtime.  */
  int num = dev->id;
  double tick = c->clock_khz > 0 ? 1e-3 / c->clock_khz : 0;
  if (dm_cuda_set_optional_global (dev, img->module, "__gomp_device_num",
				   &num, sizeof num) != 0
      || dm_cuda_set_optional_global (dev, img->module, "__nvptx_clocktick",
				      &tick, sizeof tick) != 0)
    return -1;
  return 0;
}

static int
dm_cuda_image_load (struct dm_backend_dev *dev,
		    const struct dm_host_table *table,
		    const void *target_data, uintptr_t *dev_vars)
{
  struct dm_cuda *c = dm_cuda_state (dev);
  if (c == NULL || dm_cuda_bind (dev) != 0)
    return -1;
  size_t nfns = (size_t) (table->funcs_end - table->funcs_begin);
  size_t nvars = dm_host_table_nvars (table);
  const struct dm_nvptx_image *nv = target_data;

  pthread_mutex_lock (&c->lock);
  struct dm_cuda_image *old = dm_cuda_image_find (c, table->funcs_begin);
  if (old != NULL)
    {
      /* The same table loaded twice: the variables are where the first
	 load put them.  */
      memcpy (dev_vars, old->vars, nvars * sizeof *dev_vars);
      pthread_mutex_unlock (&c->lock);
      return 0;
    }
  pthread_mutex_unlock (&c->lock);

  if (nv->nfns != nfns || nv->nvars != nvars)
    {
      dm_set_reason ("cuda device %d: the nvptx image has %u kernels and %u "
		     "variables, its host table %zu and %zu", dev->id,
		     nv->nfns, nv->nvars, nfns, nvars);
      return -1;
    }
  struct dm_cuda_image *img = calloc (1, sizeof *img);
  if (img == NULL
      || (img->kernels = calloc (nfns + 1, sizeof *img->kernels)) == NULL
      || (img->vars = calloc (nvars + 1, sizeof *img->vars)) == NULL)
    {
      if (img)
	free (img->kernels);
      free (img);
      dm_set_reason ("cuda device %d: out of host memory loading an image",
		     dev->id);
      return -1;
    }
  img->funcs_begin = table->funcs_begin;
  img->nvars = nvars;
  img->nkernels = nfns;
  int rc = dm_cuda_link (dev, nv, &img->module);
  if (rc == 0)
    rc = dm_cuda_image_resolve (dev, img, table, nv);
  if (rc != 0)
    {
      dm_cuda_image_free (img);
      return -1;
    }
  memcpy (dev_vars, img->vars, nvars * sizeof *dev_vars);
  pthread_mutex_lock (&c->lock);
  img->next = c->images;
  c->images = img;
  pthread_mutex_unlock (&c->lock);
  return 0;
}

static int
dm_cuda_image_unload (struct dm_backend_dev *dev,
		      const struct dm_host_table *table)
{
  struct dm_cuda *c = dm_cuda_state (dev);
  if (c == NULL || dm_cuda_bind (dev) != 0)
    return -1;
  pthread_mutex_lock (&c->lock);
  for (struct dm_cuda_image **link = &c->images; *link;
       link = &(*link)->next)
    if ((*link)->funcs_begin == table->funcs_begin)
      {
	struct dm_cuda_image *img = *link;
	*link = img->next;
	c->last_found = NULL;
	dm_cuda_image_free (img);
	break;
      }
  pthread_mutex_unlock (&c->lock);
  return 0;
}

/* Regions.  */

static const struct dm_cuda_kernel *
dm_cuda_kernel_find (struct dm_cuda *c, void (*host_fn) (void *))
{
  const struct dm_cuda_kernel *found = NULL;
  pthread_mutex_lock (&c->lock);
  /* A region is looked up twice (has_region, then run), and loops run
     the same one again: remember the last answer.  */
  if (c->last_found != NULL && c->last_found->host_fn == (void *) host_fn)
    found = c->last_found;
  for (struct dm_cuda_image *img = c->images; img && !found; img = img->next)
    for (size_t i = 0; i < img->nkernels; i++)
      if (img->kernels[i].host_fn == (void *) host_fn)
	{
	  found = &img->kernels[i];
	  break;
	}
  c->last_found = found;
  pthread_mutex_unlock (&c->lock);
  return found;
}

static int
dm_cuda_has_region (struct dm_backend_dev *dev, void (*host_fn) (void *))
{
  struct dm_cuda *c = dm_cuda_state (dev);
  return c != NULL && dm_cuda_kernel_find (c, host_fn) != NULL;
}

/* GCC 12's geometry: a team is a block of 32-lane warps, each warp one
   OpenMP thread.  Teams default to what the device holds at once by its
   register file (GCC's estimate), and never exceed it.  */
static void
dm_cuda_geometry (const struct dm_cuda *c, const struct dm_cuda_kernel *k,
		  const struct dm_launch *l, int *teams, int *warps)
{
  int max_warps = k->max_threads / 32;
  if (max_warps > DM_CUDA_MAX_WARPS)
    max_warps = DM_CUDA_MAX_WARPS;
  if (max_warps < 1)
    max_warps = 1;
  int w = l->thread_limit > 0 ? l->thread_limit : DM_CUDA_DEFAULT_WARPS;
  if (w > max_warps)
    w = max_warps;
  int regs_per_block = (k->regs > 0 ? k->regs : 32) * 32 * w;
  int resident = c->regs_per_sm / regs_per_block;
  if (resident < 1)
    resident = 1;
  int max_teams = resident * (c->num_sms > 0 ? c->num_sms : 1);
  int t = l->num_teams;
  if (t <= 0 || t > max_teams)
    t = max_teams;
  *teams = t;
  *warps = w;
}

/* Stacks of at least SIZE bytes in S; -1 with a reason.  The old block
   may only go once nothing running uses it: the caller has waited.  */
static int
dm_cuda_stacks_get (struct dm_backend_dev *dev, struct dm_cuda_stacks *s,
		    size_t size)
{
  if (s->ptr && s->size >= size)
    return 0;
  if (s->ptr)
    dm_cu.cuMemFree (s->ptr);
  s->ptr = 0;
  s->size = 0;
  CUresult r = dm_cu.cuMemAlloc (&s->ptr, size);
  if (r != CUDA_SUCCESS)
    {
      s->ptr = 0;
      dm_cuda_reason (r, "cuMemAlloc", "cuda device %d: %zu bytes of soft "
		      "stacks", dev->id, size);
      return -1;
    }
  s->size = size;
  return 0;
}

static int
dm_cuda_launch (struct dm_backend_dev *dev, const struct dm_cuda_kernel *k,
		int teams, int warps, CUdeviceptr stacks, uintptr_t args,
		CUstream stream)
{
  /* The kernel's parameters: the translated-address array, the soft
     stacks and the size of one.  */
  struct
  {
    void *args;
    void *stacks;
    size_t stack_size;
  } params = { (void *) args, (void *) (uintptr_t) stacks,
	       DM_CUDA_STACK_SIZE };
  size_t params_size = sizeof params;
  void *config[] = { CU_LAUNCH_PARAM_BUFFER_POINTER, &params,
		     CU_LAUNCH_PARAM_BUFFER_SIZE, &params_size,
		     CU_LAUNCH_PARAM_END };
  CUresult r = dm_cu.cuLaunchKernel (k->fn, teams, 1, 1, 32, warps, 1, 0,
				     stream, NULL, config);
  if (r != CUDA_SUCCESS)
    {
      dm_cuda_reason (r, "cuLaunchKernel", "cuda device %d: kernel %s "
		      "(%d teams of %d warps)", dev->id, k->name, teams, warps);
      return -1;
    }
  return 0;
}

/* GCC's nvptx runtime keeps state per module that every kernel's first
   warp writes from its own launch geometry (the ICVs): kernels of one
   device must not overlap, which GCC's plugin ensures by running one at
   a time.  Queued kernels are chained through an event, each waiting on
   the GPU for the one launched before it, so the host never waits.
   Synchronous kernels, one at a time anyway, join the chain once a
   kernel has been queued.  */
static int
dm_cuda_launch_serial (struct dm_backend_dev *dev,
		       const struct dm_cuda_kernel *k, int teams, int warps,
		       CUdeviceptr stacks, uintptr_t args, CUstream stream,
		       int queued)
{
  struct dm_cuda *c = dev->backend;
  pthread_mutex_lock (&c->launch_lock);
  int chain = queued
	      || __atomic_load_n (&c->kernels_queued, __ATOMIC_ACQUIRE);
  int rc = 0;
  if (chain && c->last_kernel == NULL
      && DM_CU (dev->id, cuEventCreate, &c->last_kernel,
		CU_EVENT_DISABLE_TIMING))
    rc = -1;
  if (rc == 0 && chain && c->last_recorded
      && DM_CU (dev->id, cuStreamWaitEvent, stream, c->last_kernel, 0))
    rc = -1;
  if (rc == 0)
    rc = dm_cuda_launch (dev, k, teams, warps, stacks, args, stream);
  if (rc == 0 && chain)
    {
      rc = DM_CU (dev->id, cuEventRecord, c->last_kernel, stream) ? -1 : 0;
      c->last_recorded = rc == 0;
    }
  pthread_mutex_unlock (&c->launch_lock);
  return rc;
}

static int
dm_cuda_run (struct dm_backend_dev *dev, const struct dm_launch *launch,
	     struct dm_queue *q)
{
  struct dm_cuda *c = dm_cuda_state (dev);
  if (c == NULL || dm_cuda_bind (dev) != 0)
    return -1;
  const struct dm_cuda_kernel *k = dm_cuda_kernel_find (c, launch->host_fn);
  if (k == NULL)
    {
      dm_set_reason ("cuda device %d: no nvptx kernel for the region "
		     "(host function %p): the program has no nvptx offload "
		     "image for it (build with -foffload=nvptx-none)",
		     dev->id, (void *) launch->host_fn);
      return -1;
    }
  int teams, warps;
  dm_cuda_geometry (c, k, launch, &teams, &warps);
  if (launch->granted_teams)
    *launch->granted_teams = (unsigned) teams;
  size_t stacks_size = DM_CUDA_STACK_SIZE * (size_t) teams * warps;

  if (q != NULL)
    {
      /* Regions of one queue run one after the other: their stacks can
	 be the queue's.  Growing them waits for the queue.  */
      if (q->stacks.size < stacks_size
	  && (DM_CU (dev->id, cuStreamSynchronize, q->stream)
	      || dm_cuda_stacks_get (dev, &q->stacks, stacks_size) != 0))
	return -1;
      /* The first queued kernel: a synchronous one running now was not
	 chained; it holds the stacks lock until it is done.  Synchronous
	 kernels after this join the chain.  */
      if (!__atomic_load_n (&c->kernels_queued, __ATOMIC_ACQUIRE))
	{
	  pthread_mutex_lock (&c->stacks_lock);
	  __atomic_store_n (&c->kernels_queued, 1, __ATOMIC_RELEASE);
	  pthread_mutex_unlock (&c->stacks_lock);
	}
      return dm_cuda_launch_serial (dev, k, teams, warps, q->stacks.ptr,
				    launch->args, q->stream, 1);
    }

  /* Synchronous regions share the device's stacks, one at a time.  Each
     waits for its own work only (the calling thread's default stream),
     never for the whole context: queued nowait work goes on meanwhile.  */
  pthread_mutex_lock (&c->stacks_lock);
  int rc = dm_cuda_stacks_get (dev, &c->stacks, stacks_size);
  if (rc == 0)
    rc = dm_cuda_launch_serial (dev, k, teams, warps, c->stacks.ptr,
				launch->args, CU_STREAM_PER_THREAD, 0);
  if (rc == 0)
    {
      CUresult r = dm_cu.cuStreamSynchronize (CU_STREAM_PER_THREAD);
      if (r != CUDA_SUCCESS)
	{
	  dm_cuda_reason (r, "cuStreamSynchronize", "cuda device %d: kernel "
			  "%s failed%s", dev->id, k->name,
			  r == CUDA_ERROR_LAUNCH_FAILED
			  ? " (perhaps abort was called)" : "");
	  rc = -1;
	}
    }
  pthread_mutex_unlock (&c->stacks_lock);
  return rc;
}

static void
dm_cuda_fini (struct dm_backend_dev *dev)
{
  struct dm_cuda *c = dev->backend;
  if (c == NULL)
    return;
  /* At exit, perhaps after a fatal driver error: release what can be
     released, ignore what fails.  */
  if (dm_cuda_bind (dev) == 0)
    {
      while (c->queues != NULL)
	dm_cuda_queue_destroy (dev, c->queues);
      dm_cuda_transfer_fini (dev);
      dm_cuda_clock_fini (dev);
      while (c->images != NULL)
	{
	  struct dm_cuda_image *img = c->images;
	  c->images = img->next;
	  dm_cuda_image_free (img);
	}
      if (c->stacks.ptr)
	dm_cu.cuMemFree (c->stacks.ptr);
      if (c->last_kernel)
	dm_cu.cuEventDestroy (c->last_kernel);
    }
  dm_cu.cuDevicePrimaryCtxRelease (c->cu_dev);
  pthread_mutex_destroy (&c->lock);
  pthread_mutex_destroy (&c->stacks_lock);
  pthread_mutex_destroy (&c->launch_lock);
  pthread_mutex_destroy (&c->ring_lock);
  free (c);
  dev->backend = NULL;
}

static const struct dm_device_ops dm_cuda_ops = {
  .name = "cuda",
  .image_type = DM_DEVTYPE_NVIDIA_PTX,
  .mem_alloc = dm_cuda_mem_alloc,
  .mem_free = dm_cuda_mem_free,
  .mem_info = dm_cuda_mem_info,
  .poison = NULL,
  .to_device = dm_cuda_to_device,
  .to_host = dm_cuda_to_host,
  .device_to_device = dm_cuda_device_to_device,
  .copy_2d = dm_cuda_copy_2d,
  .queue_create = dm_cuda_queue_create,
  .queue_destroy = dm_cuda_queue_destroy,
  .queue_sync = dm_cuda_queue_sync,
  .queue_callback = dm_cuda_queue_callback,
  .mark_record = dm_cuda_mark_record,
  .mark_time = dm_cuda_mark_time,
  .image_load = dm_cuda_image_load,
  .image_unload = dm_cuda_image_unload,
  .has_region = dm_cuda_has_region,
  .run = dm_cuda_run,
  .fini = dm_cuda_fini,
};

/* The backend.  */

static int
dm_cuda_count (void)
{
  int ok = dm_cuda_driver_open ();
  if (ok <= 0)
    return ok;
  int n = 0;
  CUresult r = dm_cu.cuDeviceGetCount (&n);
  if (r != CUDA_SUCCESS)
    {
      dm_cuda_reason (r, "cuDeviceGetCount", "cuda");
      return -1;
    }
  return n;
}

static int
dm_cuda_attr (struct dm_backend_dev *dev, CUdevice d, CUdevice_attribute a,
	      int *out)
{
  return DM_CU (dev->id, cuDeviceGetAttribute, out, a, d) ? -1 : 0;
}

static int
dm_cuda_init (struct dm_backend_dev *dev, int index)
{
  dm_cuda_tuning_init ();
  struct dm_cuda *c = calloc (1, sizeof *c);
  if (c == NULL)
    {
      dm_set_reason ("cuda device %d: out of host memory", dev->id);
      return -1;
    }
  if (DM_CU (dev->id, cuDeviceGet, &c->cu_dev, index)
      || DM_CU (dev->id, cuDeviceGetName, c->name, sizeof c->name,
		c->cu_dev)
      || dm_cuda_attr (dev, c->cu_dev, CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT,
		       &c->num_sms) != 0
      || dm_cuda_attr (dev, c->cu_dev,
		       CU_DEVICE_ATTRIBUTE_MAX_REGISTERS_PER_MULTIPROCESSOR,
		       &c->regs_per_sm) != 0
      || dm_cuda_attr (dev, c->cu_dev, CU_DEVICE_ATTRIBUTE_CLOCK_RATE,
		       &c->clock_khz) != 0
      || DM_CU (dev->id, cuDevicePrimaryCtxRetain, &c->ctx, c->cu_dev))
    {
      free (c);
      return -1;
    }
  pthread_mutex_init (&c->lock, NULL);
  pthread_mutex_init (&c->stacks_lock, NULL);
  pthread_mutex_init (&c->launch_lock, NULL);
  pthread_mutex_init (&c->ring_lock, NULL);
  dev->backend = c;
  dev->ops = &dm_cuda_ops;
  return 0;
}

const struct dm_backend dm_cuda_backend = { "cuda", dm_cuda_count,
					    dm_cuda_init };
