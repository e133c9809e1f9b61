/* cuda_driver.c -- find libcuda.so.1 at run time and resolve the driver
   functions of cuda-functions.def, once for the process.  */
#include <dlfcn.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "device/cuda/cuda_driver.h"
#include "support/error.h"

struct dm_cuda_driver dm_cu;

static pthread_once_t dm_cuda_once = PTHREAD_ONCE_INIT;
static int dm_cuda_state;		/* result of dm_cuda_driver_open */
static char dm_cuda_why[512];		/* its reason, for every caller */

/* Two steps, so that cuda.h's redirection of NAME happens first.  */
#define DM_CUDA_STR2(x) #x
#define DM_CUDA_STR(x) DM_CUDA_STR2 (x)

static void
dm_cuda_load (void)
{
  const char *path = getenv ("DEEPMAP_CUDA_LIBRARY");
  int explicit_path = path != NULL && *path;
  if (!explicit_path)
    path = "libcuda.so.1";
  void *h = dlopen (path, RTLD_NOW | RTLD_LOCAL);
  if (h == NULL)
    {
      /* No driver is an ordinary machine without a GPU; a library the
	 user named that cannot be opened is a mistake worth reporting.  */
      if (explicit_path)
	{
	  snprintf (dm_cuda_why, sizeof dm_cuda_why,
		    "cannot open the CUDA driver %s (DEEPMAP_CUDA_LIBRARY): "
		    "%s", path, dlerror ());
	  dm_cuda_state = -1;
	}
      return;
    }
#define DM_CUDA_FN(name)						\
  dm_cu.name = (__typeof__ (dm_cu.name)) dlsym (h, DM_CUDA_STR (name));	\
  if (dm_cu.name == NULL)						\
    {									\
      snprintf (dm_cuda_why, sizeof dm_cuda_why,			\
		"the CUDA driver %s lacks %s (driver too old?)", path,	\
		DM_CUDA_STR (name));					\
      dm_cuda_state = -1;						\
      return;								\
    }
#include "device/cuda/cuda-functions.def"
#undef DM_CUDA_FN

  CUresult r = dm_cu.cuInit (0);
  if (r == CUDA_ERROR_NO_DEVICE)
    return;
  if (r != CUDA_SUCCESS)
    {
      const char *text = NULL;
      if (dm_cu.cuGetErrorString (r, &text) != CUDA_SUCCESS || !text)
	text = "unknown error";
      snprintf (dm_cuda_why, sizeof dm_cuda_why,
		"cuInit failed: %s (error %d)", text, (int) r);
      dm_cuda_state = -1;
      return;
    }
  dm_cuda_state = 1;
}

int
dm_cuda_driver_open (void)
{
  pthread_once (&dm_cuda_once, dm_cuda_load);
  if (dm_cuda_state < 0)
    dm_set_reason ("%s", dm_cuda_why);
  return dm_cuda_state;
}

void
dm_cuda_reason (CUresult r, const char *name, const char *fmt, ...)
{
  char where[256];
  va_list ap;
  va_start (ap, fmt);
  vsnprintf (where, sizeof where, fmt, ap);
  va_end (ap);
  const char *text = NULL, *code = NULL;
  if (dm_cu.cuGetErrorString == NULL
      || dm_cu.cuGetErrorString (r, &text) != CUDA_SUCCESS || text == NULL)
    text = "unknown error";
  if (dm_cu.cuGetErrorName == NULL
      || dm_cu.cuGetErrorName (r, &code) != CUDA_SUCCESS || code == NULL)
    code = "?";
  dm_set_reason ("%s: %s failed: %s (%s, %d)", where, name, text, code,
		 (int) r);
}
