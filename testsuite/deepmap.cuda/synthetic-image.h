/* synthetic-image.h -- an nvptx image made by hand, registered the way
   GCC 12's mkoffload constructor registers one: a host table (one
   function, one variable) and target data in the layout of
   libgomp/plugin/plugin-nvptx.c, whose "PTX" the fake driver reads.  */
#ifndef SYNTHETIC_IMAGE_H
#define SYNTHETIC_IMAGE_H

#include "nvptx-layout.h"

#ifndef SYNTH_PTX
#define SYNTH_PTX							\
  "// fake PTX\n"							\
  "fakecuda-function main$_omp_fn$0 64 1024\n"				\
  "fakecuda-global synth_var 8\n"					\
  "fakecuda-global __gomp_device_num 4\n"
#endif


long synth_var = 42;

/* The region's host version: never called on a CUDA device.  */
static void
synth_region (void *args)
{
  (void) args;
  abort ();
}

static const char synth_ptx[] = SYNTH_PTX;
static const struct synth_obj synth_objs[] = { { synth_ptx,
						 sizeof synth_ptx } };
static const char *const synth_var_names[] = { "synth_var" };
static const struct synth_fn synth_fns[] = { { "main$_omp_fn$0",
					       { 0, 0, 0 } } };
static const struct synth_data synth_data = {
  synth_objs, 1, synth_var_names, 1, synth_fns, 1
};
static void *synth_funcs[] = { (void *) synth_region };
static uintptr_t synth_vars[] = { (uintptr_t) &synth_var, sizeof synth_var };
static const void *synth_table[] = { synth_funcs, synth_funcs + 1,
				     synth_vars, synth_vars + 2 };

/* GOMP_VERSION 1, GOMP_VERSION_NVIDIA_PTX 1; GOMP_DEVICE_NVIDIA_PTX.  */
static inline void
synth_register (void)
{
  GOMP_offload_register_ver ((1u << 16) | 1, synth_table, 5, &synth_data);
}

/* GOMP_TARGET_ARG_NUM_TEAMS / _THREAD_LIMIT for all devices, value
   inline.  */
#define SYNTH_ARG(id, v) ((void *) (uintptr_t) (((uintptr_t) (v) << 16) \
						| ((id) << 8)))

#endif
