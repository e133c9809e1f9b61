/* GCC's offload constructor has a destructor that unregisters the image
   at exit, after deepmap has shut its devices down (its atexit handler
   runs first).  With the table also found by the ELF scan, unregistering
   must not reach the devices (before, it reloaded the scanned table on a
   device that was gone and crashed, losing the program's output).  */
/* { dg-do run } */
/* { dg-set-target-env-var DEEPMAP_DEVICES "cuda,emu" } */
/* { dg-output "program output kept" } */

#include "nvptx-layout.h"

extern void GOMP_offload_unregister_ver (unsigned, const void *, int,
					 const void *);

long exit_var = 3;

static void
region (void *args)
{
  (void) args;
  abort ();
}

static const char ptx[] =
  "// fake PTX\n"
  "fakecuda-function main$_omp_fn$0 64 1024\n"
  "fakecuda-global exit_var 8\n";
static const struct synth_obj objs[] = { { ptx, sizeof ptx } };
static const char *const var_names[] = { "exit_var" };
static const struct synth_fn fns[] = { { "main$_omp_fn$0", { 0, 0, 0 } } };
static const struct synth_data tdata = { objs, 1, var_names, 1, fns, 1 };
static void *funcs[] __attribute__ ((section (".gnu.offload_funcs"), used))
  = { (void *) region };
static uintptr_t vars[] __attribute__ ((section (".gnu.offload_vars"), used))
  = { (uintptr_t) &exit_var, sizeof exit_var };
static const void *table[] = { funcs, funcs + 1, vars, vars + 2 };

static void __attribute__ ((constructor))
register_image (void)
{
  GOMP_offload_register_ver ((1u << 16) | 1, table, 5, &tdata);
}

static void __attribute__ ((destructor))
unregister_image (void)
{
  GOMP_offload_unregister_ver ((1u << 16) | 1, table, 5, &tdata);
}

int
main (void)
{
  dm_require_device ();
  for (int dev = 0; dev < 2; dev++)
    CHECK (omp_target_is_present (&exit_var, dev),
	   "exit_var not present on device %d", dev);
  /* Buffered: lost if the process crashes at exit.  */
  printf ("program output kept\n");
  return 0;
}
