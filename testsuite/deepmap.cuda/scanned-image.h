/* scanned-image.h -- an nvptx image made by hand whose host table sits
   where GCC puts one, in the .gnu.offload_funcs/.gnu.offload_vars
   sections, so that the runtime's ELF scan finds the table at start-up
   as well as the registration later: one function and one variable,
   scanned_var.  */
#ifndef SCANNED_IMAGE_H
#define SCANNED_IMAGE_H

#include "nvptx-layout.h"

extern void GOMP_offload_unregister_ver (unsigned, const void *, int,
					 const void *);

long scanned_var = 11;

static void
scanned_region (void *args)
{
  (void) args;
  abort ();			/* never runs on the CUDA device */
}

static const char scanned_ptx[] =
  "// fake PTX\n"
  "fakecuda-function main$_omp_fn$0 64 1024\n"
  "fakecuda-global scanned_var 8\n";
static const struct synth_obj scanned_objs[]
  = { { scanned_ptx, sizeof scanned_ptx } };
static const char *const scanned_var_names[] = { "scanned_var" };
static const struct synth_fn scanned_fns[]
  = { { "main$_omp_fn$0", { 0, 0, 0 } } };
static const struct synth_data scanned_data
  = { scanned_objs, 1, scanned_var_names, 1, scanned_fns, 1 };
static void *scanned_funcs[]
  __attribute__ ((section (".gnu.offload_funcs"), used))
  = { (void *) scanned_region };
static uintptr_t scanned_vars[]
  __attribute__ ((section (".gnu.offload_vars"), used))
  = { (uintptr_t) &scanned_var, sizeof scanned_var };
static const void *scanned_table[] = { scanned_funcs, scanned_funcs + 1,
				       scanned_vars, scanned_vars + 2 };

static inline void
scanned_register (void)
{
  GOMP_offload_register_ver ((1u << 16) | 1, scanned_table, 5,
			     &scanned_data);
}

static inline void
scanned_unregister (void)
{
  GOMP_offload_unregister_ver ((1u << 16) | 1, scanned_table, 5,
			       &scanned_data);
}

#endif
