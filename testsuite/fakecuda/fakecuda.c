/* fakecuda.c -- a test double of the CUDA driver (libcuda.so.1) for
   deepmap's testsuite: exactly the functions of
   libdeepmap/device/cuda/cuda-functions.def, working on host memory.

   Device memory is malloc'd blocks kept in a registry; a device address
   is the block's host address plus FK_DEV_BIAS, which makes it a
   non-canonical x86-64 address: host code that dereferences one faults,
   and every copy checks that its device range lies inside one live
   block.  Streams are worker threads that run their operations in order
   (FAKECUDA_JITTER=1 makes them sleep at random first, so that missing
   synchronisation between streams shows); the special streams (NULL,
   CU_STREAM_LEGACY, CU_STREAM_PER_THREAD) run work at once on the caller.
   Events, pinned host allocations and modules are tracked.  A "PTX"
   module is text with lines
       fakecuda-function NAME [REGS [MAX_THREADS]]
       fakecuda-global NAME SIZE
   (a line "fakecuda-error TEXT" makes linking fail with TEXT in the
   JIT's error log); kernels run nothing (with FAKECUDA_JITTER they take
   a millisecond, and kernels that overlap are counted), cuLaunchKernel
   records the launch for fakecuda_last_launch.

   Environment:
     FAKECUDA_DEVICES=N     devices (default 1; 0: cuInit says no device)
     FAKECUDA_MEMORY=BYTES  memory per device (default 4 GiB)
     FAKECUDA_FAIL=FN:N[:CODE],...  the Nth call of FN returns an error
                            (default code: what FN would plausibly return)
     FAKECUDA_JITTER=1      random delays in stream workers
     FAKECUDA_KERNEL_FAULT=N  the Nth kernel faults (asynchronously)  */
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <cuda.h>

#include "fakecuda.h"

#define FK_EXPORT __attribute__ ((visibility ("default")))
#define FK_DEV_BIAS ((uintptr_t) 1 << 47)

/* The functions, in the order of the list the backend uses.  */
enum
{
#define DM_CUDA_FN(name) FK_##name,
#include "../../libdeepmap/device/cuda/cuda-functions.def"
#undef DM_CUDA_FN
  FK_NFUNCS
};

static const char *const fk_names[] = {
#define DM_CUDA_FN(name) #name,
#include "../../libdeepmap/device/cuda/cuda-functions.def"
#undef DM_CUDA_FN
};

enum
{
  FK_C_HTOD_PINNED,
  FK_C_DTOH_PINNED,
  FK_C_MAX_COPY,
  FK_C_QUEUED_COPIES,
  FK_C_QUEUED_LAUNCHES,
  FK_C_KERNEL_OVERLAPS,
  FK_C_DTOH_PAGEABLE_WAITS,
  FK_NEXTRA
};
static const char *const fk_extra_names[] = { "htod_from_pinned",
					      "dtoh_to_pinned",
					      "max_copy_bytes",
					      "queued_copies",
					      "queued_launches",
					      "kernel_overlaps",
					      "dtoh_pageable_waits" };

/* One big lock and one condition for all of the fake's state: simple,
   and speed does not matter here.  */
static pthread_mutex_t fk_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t fk_cond = PTHREAD_COND_INITIALIZER;

static int fk_initialized;
static int fk_ndevices = 1;
static size_t fk_memory = (size_t) 4 << 30;
static int fk_jitter;
/* FAKECUDA_KERNEL_FAULT=N: the Nth kernel run faults, and from then on
   the device has failed for good, as a GPU's context does: stream work
   is skipped, stream callbacks get the error, synchronizing returns it.  */
static unsigned long fk_kernel_fault_at, fk_kernels_run;
static CUresult fk_sticky;
static unsigned long fk_calls[FK_NFUNCS];
static unsigned long fk_fail_at[FK_NFUNCS];
static CUresult fk_fail_code[FK_NFUNCS];
static unsigned long fk_extra[FK_NEXTRA];

/* Contexts: one primary context per device.  */
struct CUctx_st
{
  int device;
  int refs;
  size_t used;
};
static struct CUctx_st *fk_ctx;
static __thread struct CUctx_st *fk_current;

/* Allocations, device and pinned.  */
struct fk_block
{
  uintptr_t base;
  size_t size;
  struct CUctx_st *ctx;	/* NULL: pinned host memory */
};
static struct fk_block *fk_blocks;
static size_t fk_nblocks, fk_cap_blocks;

/* Last launch.  */
static struct fakecuda_launch fk_last;
static unsigned long fk_nlaunches;

/* Streams.  */
enum fk_op_kind { FK_COPY, FK_CALLBACK, FK_RECORD, FK_WAIT, FK_KERNEL };

/* Kernels running now, on any stream (they run nothing but take a little
   time with FAKECUDA_JITTER, so that overlapping ones are seen).  */
static int fk_kernels_running;

struct fk_op
{
  enum fk_op_kind kind;
  void *dst;
  const void *src;
  size_t size;
  size_t height, dpitch, spitch;	/* a 2-D copy: HEIGHT > 1 rows */
  CUstreamCallback callback;
  CUstream stream;
  void *arg;
  struct CUevent_st *event;
  unsigned long gen;
  struct fk_op *next;
};

struct CUstream_st
{
  pthread_t thread;
  struct fk_op *head, *tail;
  unsigned long enqueued, completed;
  int stop;
  struct CUctx_st *ctx;
};

struct CUevent_st
{
  unsigned long recorded, done;
  int timing;			/* created without CU_EVENT_DISABLE_TIMING */
  double done_ms;		/* CLOCK_MONOTONIC when DONE was reached */
};

struct fk_function
{
  char name[128];
  int regs, max_threads;
};

struct fk_global
{
  char name[128];
  size_t size;
  CUdeviceptr addr;
};

/* Every module global made so far, for fakecuda_global.  */
#define FK_GLOBAL_LOG 256
static struct fk_global fk_global_log[FK_GLOBAL_LOG];
static size_t fk_nglobal_log;

static void
fk_global_note (const struct fk_global *g)
{
  pthread_mutex_lock (&fk_lock);
  if (fk_nglobal_log == FK_GLOBAL_LOG)
    {
      fprintf (stderr, "fakecuda: more than %d module globals\n",
	       FK_GLOBAL_LOG);
      abort ();
    }
  fk_global_log[fk_nglobal_log++] = *g;
  pthread_mutex_unlock (&fk_lock);
}

struct CUmod_st
{
  struct fk_function *fns;
  size_t nfns;
  struct fk_global *globals;
  size_t nglobals;
};

struct CUlinkState_st
{
  char *text;
  size_t len;
  char *error_log;
  size_t error_log_size;
};

/* Start-up and bookkeeping.  */

static CUresult
fk_default_error (int fn)
{
  switch (fn)
    {
    case FK_cuMemAlloc:
    case FK_cuMemHostAlloc:
      return CUDA_ERROR_OUT_OF_MEMORY;
    case FK_cuInit:
      return CUDA_ERROR_NO_DEVICE;
    case FK_cuLinkAddData:
    case FK_cuLinkComplete:
      return CUDA_ERROR_INVALID_PTX;
    case FK_cuModuleLoadData:
      return CUDA_ERROR_INVALID_IMAGE;
    case FK_cuModuleGetFunction:
    case FK_cuModuleGetGlobal:
      return CUDA_ERROR_NOT_FOUND;
    case FK_cuLaunchKernel:
      return CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES;
    case FK_cuStreamSynchronize:
    case FK_cuEventSynchronize:
      return CUDA_ERROR_LAUNCH_FAILED;
    case FK_cuDevicePrimaryCtxRetain:
      return CUDA_ERROR_OUT_OF_MEMORY;
    default:
      return CUDA_ERROR_INVALID_VALUE;
    }
}

static void
fk_parse_failures (const char *spec)
{
  char *copy = strdup (spec), *save = NULL;
  for (char *item = strtok_r (copy, ",", &save); item;
       item = strtok_r (NULL, ",", &save))
    {
      char *colon = strchr (item, ':');
      if (colon == NULL)
	{
	  fprintf (stderr, "fakecuda: bad FAKECUDA_FAIL item '%s'\n", item);
	  exit (2);
	}
      *colon = '\0';
      int fn = -1;
      for (int i = 0; i < FK_NFUNCS; i++)
	if (!strcmp (fk_names[i], item))
	  fn = i;
      if (fn < 0)
	{
	  fprintf (stderr, "fakecuda: FAKECUDA_FAIL names '%s', which is not "
		   "a function of the fake driver\n", item);
	  exit (2);
	}
      char *end;
      fk_fail_at[fn] = strtoul (colon + 1, &end, 10);
      fk_fail_code[fn] = *end == ':' ? (CUresult) strtol (end + 1, NULL, 10)
				     : fk_default_error (fn);
    }
  free (copy);
}

__attribute__ ((constructor)) static void
fk_setup (void)
{
  const char *v = getenv ("FAKECUDA_DEVICES");
  if (v)
    fk_ndevices = atoi (v);
  if ((v = getenv ("FAKECUDA_MEMORY")))
    fk_memory = strtoull (v, NULL, 0);
  if ((v = getenv ("FAKECUDA_JITTER")))
    fk_jitter = atoi (v);
  if ((v = getenv ("FAKECUDA_KERNEL_FAULT")))
    fk_kernel_fault_at = strtoul (v, NULL, 10);
  if ((v = getenv ("FAKECUDA_FAIL")) && *v)
    fk_parse_failures (v);
  fk_ctx = calloc (fk_ndevices > 0 ? fk_ndevices : 1, sizeof *fk_ctx);
  for (int i = 0; i < fk_ndevices; i++)
    fk_ctx[i].device = i;
}

/* Count a call of FN; an injected failure or a missing cuInit answers.  */
static CUresult
fk_enter (int fn)
{
  pthread_mutex_lock (&fk_lock);
  unsigned long n = ++fk_calls[fn];
  int init = fk_initialized;
  pthread_mutex_unlock (&fk_lock);
  if (fk_fail_at[fn] && n == fk_fail_at[fn])
    return fk_fail_code[fn];
  if (!init && fn != FK_cuInit && fn != FK_cuGetErrorString
      && fn != FK_cuGetErrorName)
    return CUDA_ERROR_NOT_INITIALIZED;
  return CUDA_SUCCESS;
}

#define FK_ENTER(name)					\
  do							\
    {							\
      CUresult fk_r_ = fk_enter (FK_##name);		\
      if (fk_r_ != CUDA_SUCCESS)			\
	return fk_r_;					\
    }							\
  while (0)

#define FK_NEED_CONTEXT()				\
  do							\
    {							\
      if (fk_current == NULL)				\
	return CUDA_ERROR_INVALID_CONTEXT;		\
    }							\
  while (0)

/* The block holding [P, P + SIZE) (P a host address), device blocks if
   DEVICE, else pinned ones; lock held.  */
static struct fk_block *
fk_find (uintptr_t p, size_t size, int device)
{
  for (size_t i = 0; i < fk_nblocks; i++)
    {
      struct fk_block *b = &fk_blocks[i];
      if ((b->ctx != NULL) == device && p >= b->base
	  && p - b->base < b->size && size <= b->size - (p - b->base))
	return b;
    }
  return NULL;
}

static int
fk_add_block (uintptr_t base, size_t size, struct CUctx_st *ctx)
{
  if (fk_nblocks == fk_cap_blocks)
    {
      size_t cap = fk_cap_blocks ? 2 * fk_cap_blocks : 64;
      struct fk_block *b = realloc (fk_blocks, cap * sizeof *b);
      if (b == NULL)
	return -1;
      fk_blocks = b;
      fk_cap_blocks = cap;
    }
  fk_blocks[fk_nblocks++] = (struct fk_block) { base, size, ctx };
  return 0;
}

/* Device range [D, D + SIZE) as a host pointer, or NULL if it is not
   inside one live device block.  */
static void *
fk_device_range (CUdeviceptr d, size_t size)
{
  if (d < FK_DEV_BIAS)
    return NULL;
  uintptr_t p = (uintptr_t) d - FK_DEV_BIAS;
  pthread_mutex_lock (&fk_lock);
  struct fk_block *b = fk_find (p, size ? size : 1, 1);
  pthread_mutex_unlock (&fk_lock);
  return b ? (void *) p : NULL;
}

static int
fk_pinned (const void *p, size_t size)
{
  pthread_mutex_lock (&fk_lock);
  int r = fk_find ((uintptr_t) p, size ? size : 1, 0) != NULL;
  pthread_mutex_unlock (&fk_lock);
  return r;
}

static void
fk_note_copy (size_t size, int counter)
{
  pthread_mutex_lock (&fk_lock);
  if (counter >= 0)
    fk_extra[counter]++;
  if (size > fk_extra[FK_C_MAX_COPY])
    fk_extra[FK_C_MAX_COPY] = size;
  pthread_mutex_unlock (&fk_lock);
}

/* Streams.  */

static int
fk_special_stream (CUstream s)
{
  return s == NULL || s == CU_STREAM_LEGACY || s == CU_STREAM_PER_THREAD;
}

static void
fk_execute (struct fk_op *op)
{
  switch (op->kind)
    {
    case FK_COPY:
      if (!fk_sticky)
	for (size_t r = 0; r < (op->height ? op->height : 1); r++)
	  memmove ((char *) op->dst + r * op->dpitch,
		   (const char *) op->src + r * op->spitch, op->size);
      break;
    case FK_CALLBACK:
      op->callback (op->stream, fk_sticky, op->arg);
      break;
    case FK_RECORD:
      pthread_mutex_lock (&fk_lock);
      if (op->event->done < op->gen)
	{
	  struct timespec ts;
	  clock_gettime (CLOCK_MONOTONIC, &ts);
	  op->event->done = op->gen;
	  op->event->done_ms = ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
	}
      pthread_cond_broadcast (&fk_cond);
      pthread_mutex_unlock (&fk_lock);
      break;
    case FK_WAIT:
      pthread_mutex_lock (&fk_lock);
      while (op->event->done < op->gen)
	pthread_cond_wait (&fk_cond, &fk_lock);
      pthread_mutex_unlock (&fk_lock);
      break;
    case FK_KERNEL:
      pthread_mutex_lock (&fk_lock);
      if (fk_sticky || ++fk_kernels_run == fk_kernel_fault_at)
	{
	  fk_sticky = CUDA_ERROR_ILLEGAL_ADDRESS;
	  pthread_mutex_unlock (&fk_lock);
	  break;
	}
      if (fk_kernels_running++ > 0)
	fk_extra[FK_C_KERNEL_OVERLAPS]++;
      pthread_mutex_unlock (&fk_lock);
      if (fk_jitter)
	usleep (1000);
      pthread_mutex_lock (&fk_lock);
      fk_kernels_running--;
      pthread_mutex_unlock (&fk_lock);
      break;
    }
}

static void *
fk_worker (void *arg)
{
  struct CUstream_st *s = arg;
  unsigned seed = (unsigned) (uintptr_t) s;
  pthread_mutex_lock (&fk_lock);
  for (;;)
    {
      while (s->head == NULL && !s->stop)
	pthread_cond_wait (&fk_cond, &fk_lock);
      if (s->head == NULL)
	break;
      struct fk_op *op = s->head;
      s->head = op->next;
      if (s->head == NULL)
	s->tail = NULL;
      pthread_mutex_unlock (&fk_lock);
      if (fk_jitter)
	usleep (rand_r (&seed) % 2000);
      fk_execute (op);
      free (op);
      pthread_mutex_lock (&fk_lock);
      s->completed++;
      pthread_cond_broadcast (&fk_cond);
    }
  pthread_mutex_unlock (&fk_lock);
  return NULL;
}

static void fk_stream_drain (CUstream s);

/* Queue OP on S (a copy of it), or run it now on a special stream.  */
static CUresult
fk_submit (CUstream s, const struct fk_op *op)
{
  if (fk_special_stream (s))
    {
      struct fk_op now = *op;
      fk_execute (&now);
      return CUDA_SUCCESS;
    }
  struct fk_op *node = malloc (sizeof *node);
  if (node == NULL)
    return CUDA_ERROR_OUT_OF_MEMORY;
  *node = *op;
  node->next = NULL;
  pthread_mutex_lock (&fk_lock);
  if (op->kind == FK_COPY)
    fk_extra[FK_C_QUEUED_COPIES]++;
  if (s->tail)
    s->tail->next = node;
  else
    s->head = node;
  s->tail = node;
  s->enqueued++;
  pthread_cond_broadcast (&fk_cond);
  pthread_mutex_unlock (&fk_lock);
  return CUDA_SUCCESS;
}

/* The driver API.  */

FK_EXPORT CUresult CUDAAPI
cuInit (unsigned int flags)
{
  FK_ENTER (cuInit);
  if (flags != 0)
    return CUDA_ERROR_INVALID_VALUE;
  if (fk_ndevices <= 0)
    return CUDA_ERROR_NO_DEVICE;
  pthread_mutex_lock (&fk_lock);
  fk_initialized = 1;
  pthread_mutex_unlock (&fk_lock);
  return CUDA_SUCCESS;
}

static const struct
{
  CUresult code;
  const char *name, *text;
} fk_errors[] = {
  { CUDA_SUCCESS, "CUDA_SUCCESS", "no error" },
  { CUDA_ERROR_INVALID_VALUE, "CUDA_ERROR_INVALID_VALUE", "invalid argument" },
  { CUDA_ERROR_OUT_OF_MEMORY, "CUDA_ERROR_OUT_OF_MEMORY", "out of memory" },
  { CUDA_ERROR_NOT_INITIALIZED, "CUDA_ERROR_NOT_INITIALIZED",
    "initialization error" },
  { CUDA_ERROR_NO_DEVICE, "CUDA_ERROR_NO_DEVICE",
    "no CUDA-capable device is detected" },
  { CUDA_ERROR_INVALID_DEVICE, "CUDA_ERROR_INVALID_DEVICE",
    "invalid device ordinal" },
  { CUDA_ERROR_INVALID_IMAGE, "CUDA_ERROR_INVALID_IMAGE",
    "device kernel image is invalid" },
  { CUDA_ERROR_INVALID_CONTEXT, "CUDA_ERROR_INVALID_CONTEXT",
    "invalid device context" },
  { CUDA_ERROR_INVALID_PTX, "CUDA_ERROR_INVALID_PTX",
    "a PTX JIT compilation failed" },
  { CUDA_ERROR_INVALID_HANDLE, "CUDA_ERROR_INVALID_HANDLE",
    "invalid resource handle" },
  { CUDA_ERROR_NOT_FOUND, "CUDA_ERROR_NOT_FOUND", "named symbol not found" },
  { CUDA_ERROR_LAUNCH_FAILED, "CUDA_ERROR_LAUNCH_FAILED",
    "unspecified launch failure" },
  { CUDA_ERROR_ILLEGAL_ADDRESS, "CUDA_ERROR_ILLEGAL_ADDRESS",
    "an illegal memory access was encountered" },
  { CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES, "CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES",
    "too many resources requested for launch" },
};

static int
fk_error_index (CUresult r)
{
  for (size_t i = 0; i < sizeof fk_errors / sizeof fk_errors[0]; i++)
    if (fk_errors[i].code == r)
      return (int) i;
  return -1;
}

FK_EXPORT CUresult CUDAAPI
cuGetErrorString (CUresult error, const char **str)
{
  FK_ENTER (cuGetErrorString);
  int i = fk_error_index (error);
  if (i < 0)
    {
      *str = NULL;
      return CUDA_ERROR_INVALID_VALUE;
    }
  *str = fk_errors[i].text;
  return CUDA_SUCCESS;
}

FK_EXPORT CUresult CUDAAPI
cuGetErrorName (CUresult error, const char **str)
{
  FK_ENTER (cuGetErrorName);
  int i = fk_error_index (error);
  if (i < 0)
    {
      *str = NULL;
      return CUDA_ERROR_INVALID_VALUE;
    }
  *str = fk_errors[i].name;
  return CUDA_SUCCESS;
}

FK_EXPORT CUresult CUDAAPI
cuDeviceGetCount (int *count)
{
  FK_ENTER (cuDeviceGetCount);
  *count = fk_ndevices;
  return CUDA_SUCCESS;
}

FK_EXPORT CUresult CUDAAPI
cuDeviceGet (CUdevice *device, int ordinal)
{
  FK_ENTER (cuDeviceGet);
  if (ordinal < 0 || ordinal >= fk_ndevices)
    return CUDA_ERROR_INVALID_DEVICE;
  *device = ordinal;
  return CUDA_SUCCESS;
}

FK_EXPORT CUresult CUDAAPI
cuDeviceGetName (char *name, int len, CUdevice dev)
{
  FK_ENTER (cuDeviceGetName);
  if (dev < 0 || dev >= fk_ndevices)
    return CUDA_ERROR_INVALID_DEVICE;
  snprintf (name, len, "Fake CUDA device %d", dev);
  return CUDA_SUCCESS;
}

FK_EXPORT CUresult CUDAAPI
cuDeviceGetAttribute (int *pi, CUdevice_attribute attrib, CUdevice dev)
{
  FK_ENTER (cuDeviceGetAttribute);
  if (dev < 0 || dev >= fk_ndevices)
    return CUDA_ERROR_INVALID_DEVICE;
  switch (attrib)
    {
    case CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT:
      *pi = 132;
      break;
    case CU_DEVICE_ATTRIBUTE_MAX_REGISTERS_PER_MULTIPROCESSOR:
      *pi = 65536;
      break;
    case CU_DEVICE_ATTRIBUTE_CLOCK_RATE:
      *pi = 1980000;
      break;
    case CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK:
      *pi = 1024;
      break;
    case CU_DEVICE_ATTRIBUTE_WARP_SIZE:
      *pi = 32;
      break;
    default:
      return CUDA_ERROR_INVALID_VALUE;
    }
  return CUDA_SUCCESS;
}

FK_EXPORT CUresult CUDAAPI
cuDevicePrimaryCtxRetain (CUcontext *pctx, CUdevice dev)
{
  FK_ENTER (cuDevicePrimaryCtxRetain);
  if (dev < 0 || dev >= fk_ndevices)
    return CUDA_ERROR_INVALID_DEVICE;
  pthread_mutex_lock (&fk_lock);
  fk_ctx[dev].refs++;
  pthread_mutex_unlock (&fk_lock);
  *pctx = &fk_ctx[dev];
  return CUDA_SUCCESS;
}

FK_EXPORT CUresult CUDAAPI
cuDevicePrimaryCtxRelease (CUdevice dev)
{
  FK_ENTER (cuDevicePrimaryCtxRelease);
  if (dev < 0 || dev >= fk_ndevices || fk_ctx[dev].refs == 0)
    return CUDA_ERROR_INVALID_DEVICE;
  pthread_mutex_lock (&fk_lock);
  fk_ctx[dev].refs--;
  pthread_mutex_unlock (&fk_lock);
  return CUDA_SUCCESS;
}

FK_EXPORT CUresult CUDAAPI
cuCtxGetCurrent (CUcontext *pctx)
{
  FK_ENTER (cuCtxGetCurrent);
  *pctx = fk_current;
  return CUDA_SUCCESS;
}

FK_EXPORT CUresult CUDAAPI
cuCtxSetCurrent (CUcontext ctx)
{
  FK_ENTER (cuCtxSetCurrent);
  if (ctx != NULL && ctx->refs == 0)
    return CUDA_ERROR_INVALID_CONTEXT;
  fk_current = ctx;
  return CUDA_SUCCESS;
}

/* Memory.  */

/* A device block of SIZE bytes in CTX (not counted as a call).  */
static CUresult
fk_alloc_device (struct CUctx_st *ctx, size_t bytesize, CUdeviceptr *dptr)
{
  if (bytesize == 0)
    return CUDA_ERROR_INVALID_VALUE;
  pthread_mutex_lock (&fk_lock);
  if (bytesize > fk_memory - ctx->used)
    {
      pthread_mutex_unlock (&fk_lock);
      return CUDA_ERROR_OUT_OF_MEMORY;
    }
  /* 256-byte alignment, as the driver's; fresh memory is garbage.  */
  void *p = NULL;
  if (posix_memalign (&p, 256, bytesize) != 0
      || fk_add_block ((uintptr_t) p, bytesize, ctx) != 0)
    {
      free (p);
      pthread_mutex_unlock (&fk_lock);
      return CUDA_ERROR_OUT_OF_MEMORY;
    }
  ctx->used += bytesize;
  pthread_mutex_unlock (&fk_lock);
  memset (p, 0x5A, bytesize < 4096 ? bytesize : 4096);
  *dptr = (CUdeviceptr) ((uintptr_t) p + FK_DEV_BIAS);
  return CUDA_SUCCESS;
}

FK_EXPORT CUresult CUDAAPI
cuMemAlloc (CUdeviceptr *dptr, size_t bytesize)
{
  FK_ENTER (cuMemAlloc);
  FK_NEED_CONTEXT ();
  return fk_alloc_device (fk_current, bytesize, dptr);
}

/* Free the block starting at P (device or pinned); lock held.  */
static CUresult
fk_free_block (uintptr_t p, int device)
{
  for (size_t i = 0; i < fk_nblocks; i++)
    if (fk_blocks[i].base == p && (fk_blocks[i].ctx != NULL) == device)
      {
	if (device)
	  fk_blocks[i].ctx->used -= fk_blocks[i].size;
	fk_blocks[i] = fk_blocks[--fk_nblocks];
	free ((void *) p);
	return CUDA_SUCCESS;
      }
  return CUDA_ERROR_INVALID_VALUE;
}

FK_EXPORT CUresult CUDAAPI
cuMemFree (CUdeviceptr dptr)
{
  FK_ENTER (cuMemFree);
  FK_NEED_CONTEXT ();
  if (dptr < FK_DEV_BIAS)
    return CUDA_ERROR_INVALID_VALUE;
  pthread_mutex_lock (&fk_lock);
  CUresult r = fk_free_block ((uintptr_t) dptr - FK_DEV_BIAS, 1);
  pthread_mutex_unlock (&fk_lock);
  return r;
}

FK_EXPORT CUresult CUDAAPI
cuMemGetInfo (size_t *free_bytes, size_t *total)
{
  FK_ENTER (cuMemGetInfo);
  FK_NEED_CONTEXT ();
  pthread_mutex_lock (&fk_lock);
  *free_bytes = fk_memory - fk_current->used;
  *total = fk_memory;
  pthread_mutex_unlock (&fk_lock);
  return CUDA_SUCCESS;
}

FK_EXPORT CUresult CUDAAPI
cuMemHostAlloc (void **pp, size_t bytesize, unsigned int flags)
{
  FK_ENTER (cuMemHostAlloc);
  FK_NEED_CONTEXT ();
  void *p = NULL;
  if (bytesize == 0 || posix_memalign (&p, 4096, bytesize) != 0)
    return CUDA_ERROR_OUT_OF_MEMORY;
  pthread_mutex_lock (&fk_lock);
  int bad = fk_add_block ((uintptr_t) p, bytesize, NULL);
  pthread_mutex_unlock (&fk_lock);
  if (bad)
    {
      free (p);
      return CUDA_ERROR_OUT_OF_MEMORY;
    }
  *pp = p;
  return CUDA_SUCCESS;
}

FK_EXPORT CUresult CUDAAPI
cuMemFreeHost (void *p)
{
  FK_ENTER (cuMemFreeHost);
  pthread_mutex_lock (&fk_lock);
  CUresult r = fk_free_block ((uintptr_t) p, 0);
  pthread_mutex_unlock (&fk_lock);
  return r;
}

FK_EXPORT CUresult CUDAAPI
cuPointerGetAttribute (void *data, CUpointer_attribute attribute,
		       CUdeviceptr ptr)
{
  FK_ENTER (cuPointerGetAttribute);
  if (attribute != CU_POINTER_ATTRIBUTE_MEMORY_TYPE)
    return CUDA_ERROR_INVALID_VALUE;
  unsigned int type;
  if (fk_pinned ((const void *) (uintptr_t) ptr, 1))
    type = CU_MEMORYTYPE_HOST;
  else if (fk_device_range (ptr, 1))
    type = CU_MEMORYTYPE_DEVICE;
  else
    return CUDA_ERROR_INVALID_VALUE;	/* pageable memory, as the driver */
  *(unsigned int *) data = type;
  return CUDA_SUCCESS;
}

/* Copies.  */

FK_EXPORT CUresult CUDAAPI
cuMemcpyHtoDAsync (CUdeviceptr dst, const void *src, size_t n, CUstream s)
{
  FK_ENTER (cuMemcpyHtoDAsync);
  FK_NEED_CONTEXT ();
  void *d = fk_device_range (dst, n);
  if (d == NULL || src == NULL)
    return CUDA_ERROR_INVALID_VALUE;
  fk_note_copy (n, fk_pinned (src, n) ? FK_C_HTOD_PINNED : -1);
  struct fk_op op = { .kind = FK_COPY, .dst = d, .src = src, .size = n };
  return fk_submit (s, &op);
}

/* Queue copy OP on S; INTO_PAGEABLE: like the driver, a copy into
   pageable memory returns only once it is done, after the stream's
   earlier work.  */
static CUresult
fk_submit_copy (CUstream s, struct fk_op *op, int into_pageable)
{
  if (into_pageable && !fk_special_stream (s))
    {
      pthread_mutex_lock (&fk_lock);
      fk_extra[FK_C_DTOH_PAGEABLE_WAITS]++;
      pthread_mutex_unlock (&fk_lock);
      fk_stream_drain (s);
      fk_execute (op);
      return CUDA_SUCCESS;
    }
  return fk_submit (s, op);
}

FK_EXPORT CUresult CUDAAPI
cuMemcpyDtoHAsync (void *dst, CUdeviceptr src, size_t n, CUstream s)
{
  FK_ENTER (cuMemcpyDtoHAsync);
  FK_NEED_CONTEXT ();
  void *p = fk_device_range (src, n);
  if (p == NULL || dst == NULL)
    return CUDA_ERROR_INVALID_VALUE;
  int pinned = fk_pinned (dst, n);
  fk_note_copy (n, pinned ? FK_C_DTOH_PINNED : -1);
  struct fk_op op = { .kind = FK_COPY, .dst = dst, .src = p, .size = n };
  return fk_submit_copy (s, &op, !pinned);
}

FK_EXPORT CUresult CUDAAPI
cuMemcpyDtoDAsync (CUdeviceptr dst, CUdeviceptr src, size_t n, CUstream s)
{
  FK_ENTER (cuMemcpyDtoDAsync);
  FK_NEED_CONTEXT ();
  void *d = fk_device_range (dst, n), *p = fk_device_range (src, n);
  if (d == NULL || p == NULL)
    return CUDA_ERROR_INVALID_VALUE;
  fk_note_copy (n, -1);
  struct fk_op op = { .kind = FK_COPY, .dst = d, .src = p, .size = n };
  return fk_submit (s, &op);
}

/* One side of a 2-D copy: its host address, every row of it checked
   to lie in one device block when it is device memory.  */
static void *
fk_2d_side (CUmemorytype type, const void *host, CUdeviceptr dev, size_t x,
	    size_t y, size_t pitch, size_t width, size_t height)
{
  size_t off = y * pitch + x, span = (height - 1) * pitch + width;
  if (pitch < width)
    return NULL;
  if (type == CU_MEMORYTYPE_HOST)
    return host ? (char *) host + off : NULL;
  if (type == CU_MEMORYTYPE_DEVICE)
    return fk_device_range (dev + off, span);
  return NULL;			/* arrays and unified memory: not faked */
}

FK_EXPORT CUresult CUDAAPI
cuMemcpy2DAsync (const CUDA_MEMCPY2D *m, CUstream s)
{
  FK_ENTER (cuMemcpy2DAsync);
  FK_NEED_CONTEXT ();
  if (m == NULL || m->WidthInBytes == 0 || m->Height == 0)
    return m ? CUDA_SUCCESS : CUDA_ERROR_INVALID_VALUE;
  void *d = fk_2d_side (m->dstMemoryType, m->dstHost, m->dstDevice,
			m->dstXInBytes, m->dstY, m->dstPitch, m->WidthInBytes,
			m->Height);
  const void *p = fk_2d_side (m->srcMemoryType, m->srcHost, m->srcDevice,
			      m->srcXInBytes, m->srcY, m->srcPitch,
			      m->WidthInBytes, m->Height);
  if (d == NULL || p == NULL)
    return CUDA_ERROR_INVALID_VALUE;
  size_t span = (m->Height - 1) * m->dstPitch + m->WidthInBytes;
  int pageable_out = (m->dstMemoryType == CU_MEMORYTYPE_HOST
		      && !fk_pinned (d, span));
  size_t sspan = (m->Height - 1) * m->srcPitch + m->WidthInBytes;
  fk_note_copy (m->WidthInBytes * m->Height,
		m->srcMemoryType == CU_MEMORYTYPE_HOST && fk_pinned (p, sspan)
		? FK_C_HTOD_PINNED : -1);
  struct fk_op op = { .kind = FK_COPY, .dst = d, .src = p,
		      .size = m->WidthInBytes, .height = m->Height,
		      .dpitch = m->dstPitch, .spitch = m->srcPitch };
  return fk_submit_copy (s, &op, pageable_out);
}

/* Streams and events.  */

FK_EXPORT CUresult CUDAAPI
cuStreamCreate (CUstream *ps, unsigned int flags)
{
  FK_ENTER (cuStreamCreate);
  FK_NEED_CONTEXT ();
  struct CUstream_st *s = calloc (1, sizeof *s);
  if (s == NULL)
    return CUDA_ERROR_OUT_OF_MEMORY;
  s->ctx = fk_current;
  if (pthread_create (&s->thread, NULL, fk_worker, s) != 0)
    {
      free (s);
      return CUDA_ERROR_OUT_OF_MEMORY;
    }
  *ps = s;
  return CUDA_SUCCESS;
}

static void
fk_stream_drain (CUstream s)
{
  pthread_mutex_lock (&fk_lock);
  unsigned long target = s->enqueued;
  while (s->completed < target)
    pthread_cond_wait (&fk_cond, &fk_lock);
  pthread_mutex_unlock (&fk_lock);
}

FK_EXPORT CUresult CUDAAPI
cuStreamDestroy (CUstream s)
{
  FK_ENTER (cuStreamDestroy);
  if (fk_special_stream (s))
    return CUDA_ERROR_INVALID_HANDLE;
  /* Like the driver: pending work still completes.  */
  pthread_mutex_lock (&fk_lock);
  s->stop = 1;
  pthread_cond_broadcast (&fk_cond);
  pthread_mutex_unlock (&fk_lock);
  pthread_join (s->thread, NULL);
  free (s);
  return CUDA_SUCCESS;
}

FK_EXPORT CUresult CUDAAPI
cuStreamSynchronize (CUstream s)
{
  FK_ENTER (cuStreamSynchronize);
  if (!fk_special_stream (s))
    fk_stream_drain (s);
  return fk_sticky;
}

FK_EXPORT CUresult CUDAAPI
cuStreamWaitEvent (CUstream s, CUevent e, unsigned int flags)
{
  FK_ENTER (cuStreamWaitEvent);
  if (e == NULL)
    return CUDA_ERROR_INVALID_HANDLE;
  pthread_mutex_lock (&fk_lock);
  unsigned long gen = e->recorded;
  pthread_mutex_unlock (&fk_lock);
  struct fk_op op = { .kind = FK_WAIT, .event = e, .gen = gen };
  return fk_submit (s, &op);
}

FK_EXPORT CUresult CUDAAPI
cuStreamAddCallback (CUstream s, CUstreamCallback fn, void *arg,
		     unsigned int flags)
{
  FK_ENTER (cuStreamAddCallback);
  if (fn == NULL || flags != 0)
    return CUDA_ERROR_INVALID_VALUE;
  struct fk_op op = { .kind = FK_CALLBACK, .callback = fn, .stream = s,
		      .arg = arg };
  return fk_submit (s, &op);
}

FK_EXPORT CUresult CUDAAPI
cuEventCreate (CUevent *pe, unsigned int flags)
{
  FK_ENTER (cuEventCreate);
  FK_NEED_CONTEXT ();
  *pe = calloc (1, sizeof **pe);
  if (*pe)
    (*pe)->timing = !(flags & CU_EVENT_DISABLE_TIMING);
  return *pe ? CUDA_SUCCESS : CUDA_ERROR_OUT_OF_MEMORY;
}

FK_EXPORT CUresult CUDAAPI
cuEventDestroy (CUevent e)
{
  FK_ENTER (cuEventDestroy);
  if (e == NULL)
    return CUDA_ERROR_INVALID_HANDLE;
  /* The driver defers the release until recorded work is done.  */
  pthread_mutex_lock (&fk_lock);
  while (e->done < e->recorded)
    pthread_cond_wait (&fk_cond, &fk_lock);
  pthread_mutex_unlock (&fk_lock);
  free (e);
  return CUDA_SUCCESS;
}

FK_EXPORT CUresult CUDAAPI
cuEventRecord (CUevent e, CUstream s)
{
  FK_ENTER (cuEventRecord);
  if (e == NULL)
    return CUDA_ERROR_INVALID_HANDLE;
  pthread_mutex_lock (&fk_lock);
  unsigned long gen = ++e->recorded;
  pthread_mutex_unlock (&fk_lock);
  struct fk_op op = { .kind = FK_RECORD, .event = e, .gen = gen };
  return fk_submit (s, &op);
}

FK_EXPORT CUresult CUDAAPI
cuEventSynchronize (CUevent e)
{
  FK_ENTER (cuEventSynchronize);
  if (e == NULL)
    return CUDA_ERROR_INVALID_HANDLE;
  pthread_mutex_lock (&fk_lock);
  unsigned long gen = e->recorded;
  while (e->done < gen)
    pthread_cond_wait (&fk_cond, &fk_lock);
  pthread_mutex_unlock (&fk_lock);
  return fk_sticky;
}

FK_EXPORT CUresult CUDAAPI
cuEventQuery (CUevent e)
{
  FK_ENTER (cuEventQuery);
  if (e == NULL)
    return CUDA_ERROR_INVALID_HANDLE;
  pthread_mutex_lock (&fk_lock);
  int ready = e->done >= e->recorded;
  pthread_mutex_unlock (&fk_lock);
  return fk_sticky ? fk_sticky : ready ? CUDA_SUCCESS : CUDA_ERROR_NOT_READY;
}

/* As the driver: both events recorded and done, both with timing.  */
FK_EXPORT CUresult CUDAAPI
cuEventElapsedTime (float *ms, CUevent start, CUevent end)
{
  FK_ENTER (cuEventElapsedTime);
  if (ms == NULL || start == NULL || end == NULL)
    return CUDA_ERROR_INVALID_HANDLE;
  pthread_mutex_lock (&fk_lock);
  CUresult r = !start->timing || !end->timing ? CUDA_ERROR_INVALID_HANDLE
	       : !start->recorded || !end->recorded
	       ? CUDA_ERROR_INVALID_HANDLE
	       : start->done < start->recorded || end->done < end->recorded
	       ? CUDA_ERROR_NOT_READY : CUDA_SUCCESS;
  if (r == CUDA_SUCCESS)
    *ms = (float) (end->done_ms - start->done_ms);
  pthread_mutex_unlock (&fk_lock);
  return r;
}

/* Images.  */

FK_EXPORT CUresult CUDAAPI
cuLinkCreate (unsigned int numOptions, CUjit_option *options,
	      void **optionValues, CUlinkState *stateOut)
{
  FK_ENTER (cuLinkCreate);
  FK_NEED_CONTEXT ();
  struct CUlinkState_st *l = calloc (1, sizeof *l);
  if (l == NULL)
    return CUDA_ERROR_OUT_OF_MEMORY;
  for (unsigned i = 0; i < numOptions; i++)
    if (options[i] == CU_JIT_ERROR_LOG_BUFFER)
      l->error_log = optionValues[i];
    else if (options[i] == CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES)
      l->error_log_size = (size_t) (uintptr_t) optionValues[i];
  *stateOut = l;
  return CUDA_SUCCESS;
}

FK_EXPORT CUresult CUDAAPI
cuLinkAddData (CUlinkState l, CUjitInputType type, void *data, size_t size,
	       const char *name, unsigned int numOptions,
	       CUjit_option *options, void **optionValues)
{
  FK_ENTER (cuLinkAddData);
  if (l == NULL || data == NULL || type != CU_JIT_INPUT_PTX)
    return CUDA_ERROR_INVALID_VALUE;
  /* PTX is text: its size counts the terminating NUL, if at all.  */
  size_t len = strnlen (data, size);
  const char *err = strstr (data, "fakecuda-error ");
  if (err != NULL && (size_t) (err - (const char *) data) < len)
    {
      if (l->error_log && l->error_log_size)
	snprintf (l->error_log, l->error_log_size, "fake ptxas: %.*s",
		  (int) strcspn (err + 15, "\n"), err + 15);
      return CUDA_ERROR_INVALID_PTX;
    }
  char *t = realloc (l->text, l->len + len + 2);
  if (t == NULL)
    return CUDA_ERROR_OUT_OF_MEMORY;
  memcpy (t + l->len, data, len);
  l->len += len;
  t[l->len++] = '\n';
  t[l->len] = '\0';
  l->text = t;
  return CUDA_SUCCESS;
}

FK_EXPORT CUresult CUDAAPI
cuLinkComplete (CUlinkState l, void **cubinOut, size_t *sizeOut)
{
  FK_ENTER (cuLinkComplete);
  if (l == NULL || l->text == NULL)
    return CUDA_ERROR_INVALID_VALUE;
  *cubinOut = l->text;
  *sizeOut = l->len + 1;
  return CUDA_SUCCESS;
}

FK_EXPORT CUresult CUDAAPI
cuLinkDestroy (CUlinkState l)
{
  FK_ENTER (cuLinkDestroy);
  if (l == NULL)
    return CUDA_ERROR_INVALID_HANDLE;
  free (l->text);
  free (l);
  return CUDA_SUCCESS;
}

/* Size of a PTX scalar type (".u32"...), 0 if TOK is none.  */
static size_t
fk_ptx_type_size (const char *tok)
{
  static const char *const types[] = { ".u8", ".s8", ".b8", ".u16", ".s16",
				       ".b16", ".f16", ".u32", ".s32",
				       ".b32", ".f32", ".u64", ".s64",
				       ".b64", ".f64" };
  static const size_t sizes[] = { 1, 1, 1, 2, 2, 2, 2, 4, 4, 4, 4, 8, 8, 8,
				  8 };
  for (size_t i = 0; i < sizeof types / sizeof types[0]; i++)
    if (!strcmp (tok, types[i]))
      return sizes[i];
  return 0;
}

/* Definitions in real PTX, as GCC's nvptx back end writes them:
     .visible .entry NAME (.param ...           a kernel: 1
     .visible .global .align A .TYPE NAME[N] ...  a variable: 2, SIZE set
   (.weak instead of .visible, or neither, the same); declarations
   (.extern) and everything else: 0.  So a module linked from GCC's
   offload image has its kernels and variables, by their names.  */
static int
fk_ptx_definition (const char *line, char *name, unsigned long *size)
{
  char copy[512], *save = NULL;
  snprintf (copy, sizeof copy, "%s", line);
  char *tok = strtok_r (copy, " \t", &save);
  if (tok && (!strcmp (tok, ".visible") || !strcmp (tok, ".weak")))
    tok = strtok_r (NULL, " \t", &save);
  if (tok == NULL)
    return 0;
  if (!strcmp (tok, ".entry"))
    {
      tok = strtok_r (NULL, " \t(", &save);
      if (tok == NULL || strlen (tok) >= 128)
	return 0;
      strcpy (name, tok);
      return 1;
    }
  if (strcmp (tok, ".global"))
    return 0;
  size_t elt = 0;
  while ((tok = strtok_r (NULL, " \t", &save)) != NULL)
    {
      if (!strcmp (tok, ".align"))
	strtok_r (NULL, " \t", &save);
      else if ((elt = fk_ptx_type_size (tok)) != 0)
	break;
      else
	return 0;
    }
  tok = strtok_r (NULL, " \t;=", &save);
  if (elt == 0 || tok == NULL)
    return 0;
  size_t n = strcspn (tok, "[;");
  if (n == 0 || n >= 128)
    return 0;
  memcpy (name, tok, n);
  name[n] = '\0';
  unsigned long count = 1;
  if (tok[n] == '[')
    count = strtoul (tok + n + 1, NULL, 10);
  *size = elt * count;
  return 2;
}

static void
fk_module_free (struct CUmod_st *m)
{
  pthread_mutex_lock (&fk_lock);
  for (size_t i = 0; i < m->nglobals; i++)
    fk_free_block ((uintptr_t) m->globals[i].addr - FK_DEV_BIAS, 1);
  pthread_mutex_unlock (&fk_lock);
  free (m->fns);
  free (m->globals);
  free (m);
}

FK_EXPORT CUresult CUDAAPI
cuModuleLoadData (CUmodule *module, const void *image)
{
  FK_ENTER (cuModuleLoadData);
  FK_NEED_CONTEXT ();
  struct CUmod_st *m = calloc (1, sizeof *m);
  char *text = strdup (image), *save = NULL;
  if (m == NULL || text == NULL)
    return CUDA_ERROR_OUT_OF_MEMORY;
  CUresult r = CUDA_SUCCESS;
  for (char *line = strtok_r (text, "\n", &save); line && !r;
       line = strtok_r (NULL, "\n", &save))
    {
      char name[128];
      int regs = 32, max_threads = 1024;
      unsigned long size;
      int ptx = fk_ptx_definition (line, name, &size);
      if (ptx == 1
	  || sscanf (line, " fakecuda-function %127s %d %d", name, &regs,
		     &max_threads) >= 1)
	{
	  struct fk_function *f = realloc (m->fns, (m->nfns + 1) * sizeof *f);
	  if (f == NULL)
	    r = CUDA_ERROR_OUT_OF_MEMORY;
	  else
	    {
	      m->fns = f;
	      f += m->nfns++;
	      snprintf (f->name, sizeof f->name, "%s", name);
	      f->regs = regs;
	      f->max_threads = max_threads;
	    }
	}
      else if (ptx == 2
	       || sscanf (line, " fakecuda-global %127s %lu", name, &size)
		  == 2)
	{
	  struct fk_global *g = realloc (m->globals,
					 (m->nglobals + 1) * sizeof *g);
	  if (g == NULL)
	    r = CUDA_ERROR_OUT_OF_MEMORY;
	  else
	    {
	      m->globals = g;
	      g += m->nglobals;
	      snprintf (g->name, sizeof g->name, "%s", name);
	      g->size = size;
	      if ((r = fk_alloc_device (fk_current, size ? size : 1, &g->addr))
		  == CUDA_SUCCESS)
		{
		  memset ((void *) (uintptr_t) (g->addr - FK_DEV_BIAS), 0,
			  size);
		  m->nglobals++;
		  fk_global_note (g);
		}
	    }
	}
    }
  free (text);
  if (r == CUDA_SUCCESS && m->nfns == 0 && m->nglobals == 0)
    r = CUDA_ERROR_INVALID_IMAGE;
  if (r != CUDA_SUCCESS)
    {
      fk_module_free (m);
      return r;
    }
  *module = m;
  return CUDA_SUCCESS;
}

FK_EXPORT CUresult CUDAAPI
cuModuleUnload (CUmodule m)
{
  FK_ENTER (cuModuleUnload);
  if (m == NULL)
    return CUDA_ERROR_INVALID_HANDLE;
  fk_module_free (m);
  return CUDA_SUCCESS;
}

FK_EXPORT CUresult CUDAAPI
cuModuleGetFunction (CUfunction *hfunc, CUmodule m, const char *name)
{
  FK_ENTER (cuModuleGetFunction);
  if (m == NULL)
    return CUDA_ERROR_INVALID_HANDLE;
  for (size_t i = 0; i < m->nfns; i++)
    if (!strcmp (m->fns[i].name, name))
      {
	*hfunc = (CUfunction) &m->fns[i];
	return CUDA_SUCCESS;
      }
  return CUDA_ERROR_NOT_FOUND;
}

FK_EXPORT CUresult CUDAAPI
cuModuleGetGlobal (CUdeviceptr *dptr, size_t *bytes, CUmodule m,
		   const char *name)
{
  FK_ENTER (cuModuleGetGlobal);
  if (m == NULL)
    return CUDA_ERROR_INVALID_HANDLE;
  for (size_t i = 0; i < m->nglobals; i++)
    if (!strcmp (m->globals[i].name, name))
      {
	if (dptr)
	  *dptr = m->globals[i].addr;
	if (bytes)
	  *bytes = m->globals[i].size;
	return CUDA_SUCCESS;
      }
  return CUDA_ERROR_NOT_FOUND;
}

FK_EXPORT CUresult CUDAAPI
cuFuncGetAttribute (int *pi, CUfunction_attribute attrib, CUfunction hfunc)
{
  FK_ENTER (cuFuncGetAttribute);
  const struct fk_function *f = (const struct fk_function *) hfunc;
  if (f == NULL)
    return CUDA_ERROR_INVALID_HANDLE;
  if (attrib == CU_FUNC_ATTRIBUTE_NUM_REGS)
    *pi = f->regs;
  else if (attrib == CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK)
    *pi = f->max_threads;
  else
    return CUDA_ERROR_INVALID_VALUE;
  return CUDA_SUCCESS;
}

FK_EXPORT CUresult CUDAAPI
cuLaunchKernel (CUfunction f, unsigned int gx, unsigned int gy,
		unsigned int gz, unsigned int bx, unsigned int by,
		unsigned int bz, unsigned int shared, CUstream s,
		void **kernelParams, void **extra)
{
  FK_ENTER (cuLaunchKernel);
  FK_NEED_CONTEXT ();
  const struct fk_function *fn = (const struct fk_function *) f;
  if (fn == NULL || gx == 0 || gy == 0 || gz == 0 || bx * by * bz == 0)
    return CUDA_ERROR_INVALID_VALUE;
  if (bx * by * bz > (unsigned) fn->max_threads)
    return CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES;
  const void *buf = NULL;
  size_t size = 0;
  for (void **e = extra; e && *e != CU_LAUNCH_PARAM_END; e += 2)
    if (e[0] == CU_LAUNCH_PARAM_BUFFER_POINTER)
      buf = e[1];
    else if (e[0] == CU_LAUNCH_PARAM_BUFFER_SIZE)
      size = *(size_t *) e[1];
    else
      return CUDA_ERROR_INVALID_VALUE;
  if (kernelParams != NULL || buf == NULL)
    return CUDA_ERROR_INVALID_VALUE;
  pthread_mutex_lock (&fk_lock);
  struct fakecuda_launch *l = &fk_last;
  snprintf (l->name, sizeof l->name, "%s", fn->name);
  l->grid[0] = gx, l->grid[1] = gy, l->grid[2] = gz;
  l->block[0] = bx, l->block[1] = by, l->block[2] = bz;
  l->shared_bytes = shared;
  l->stream = s;
  l->params_size = size;
  memcpy (l->params, buf, size < sizeof l->params ? size : sizeof l->params);
  fk_nlaunches++;
  if (!fk_special_stream (s))
    fk_extra[FK_C_QUEUED_LAUNCHES]++;
  pthread_mutex_unlock (&fk_lock);
  struct fk_op op = { .kind = FK_KERNEL };
  return fk_submit (s, &op);
}

/* The fake's own interface (fakecuda.h).  */

FK_EXPORT void *
fakecuda_global (const char *name)
{
  void *p = NULL;
  pthread_mutex_lock (&fk_lock);
  for (size_t i = fk_nglobal_log; i-- > 0 && p == NULL;)
    if (!strcmp (fk_global_log[i].name, name))
      p = (void *) (uintptr_t) (fk_global_log[i].addr - FK_DEV_BIAS);
  pthread_mutex_unlock (&fk_lock);
  return p;
}

FK_EXPORT unsigned long
fakecuda_last_launch (struct fakecuda_launch *out)
{
  pthread_mutex_lock (&fk_lock);
  *out = fk_last;
  unsigned long n = fk_nlaunches;
  pthread_mutex_unlock (&fk_lock);
  return n;
}

FK_EXPORT unsigned long
fakecuda_count (const char *what)
{
  unsigned long n = (unsigned long) -1;
  pthread_mutex_lock (&fk_lock);
  for (int i = 0; i < FK_NFUNCS; i++)
    if (!strcmp (fk_names[i], what))
      n = fk_calls[i];
  for (int i = 0; i < FK_NEXTRA; i++)
    if (!strcmp (fk_extra_names[i], what))
      n = fk_extra[i];
  if (!strcmp (what, "pinned_live") || !strcmp (what, "device_live"))
    {
      n = 0;
      for (size_t i = 0; i < fk_nblocks; i++)
	n += (fk_blocks[i].ctx != NULL) == (what[0] == 'd');
    }
  pthread_mutex_unlock (&fk_lock);
  if (n == (unsigned long) -1)
    {
      fprintf (stderr, "fakecuda: no counter named '%s'\n", what);
      abort ();
    }
  return n;
}

FK_EXPORT void
fakecuda_reset (void)
{
  pthread_mutex_lock (&fk_lock);
  memset (fk_calls, 0, sizeof fk_calls);
  memset (fk_extra, 0, sizeof fk_extra);
  pthread_mutex_unlock (&fk_lock);
}
