/* A host table that the ELF scan found at start-up (it sits in GCC's
   .gnu.offload_funcs/.gnu.offload_vars sections) and whose nvptx image is
   registered only after the devices started (a constructor that runs
   late) is still loaded on the CUDA device.  */
/* { dg-do run } */
/* { dg-set-target-env-var DEEPMAP_DEVICES "cuda" } */

#include "nvptx-layout.h"

long late_var = 11;

static void
region (void *args)
{
  (void) args;
  abort ();
}

static const char ptx[] =
  "// fake PTX\n"
  "fakecuda-function main$_omp_fn$0 64 1024\n"
  "fakecuda-global late_var 8\n";
static const struct synth_obj objs[] = { { ptx, sizeof ptx } };
static const char *const var_names[] = { "late_var" };
static const struct synth_fn fns[] = { { "main$_omp_fn$0", { 0, 0, 0 } } };
static const struct synth_data tdata = { objs, 1, var_names, 1, fns, 1 };
/* Where GCC puts a translation unit's host table.  */
static void *funcs[] __attribute__ ((section (".gnu.offload_funcs"), used))
  = { (void *) region };
static uintptr_t vars[] __attribute__ ((section (".gnu.offload_vars"), used))
  = { (uintptr_t) &late_var, sizeof late_var };
static const void *table[] = { funcs, funcs + 1, vars, vars + 2 };

int
main (void)
{
  dm_require_device ();		/* the devices start here */
  CHECK (fk_count ("cuModuleLoadData") == 0, "a module was loaded early");
  GOMP_offload_register_ver ((1u << 16) | 1, table, 5, &tdata);
  CHECK (fk_count ("cuModuleLoadData") == 1, "the late image was not "
	 "loaded (%lu modules)", fk_count ("cuModuleLoadData"));
  void *d = dm_mapped (&late_var, 0);
  CHECK (FK_IS_DEVICE_ADDR (d), "late_var mapped at %p", d);
  return 0;
}
