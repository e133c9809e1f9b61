/* OMPT: a tool linked into the program (ompt_start_tool found in the
   address space) wins over OMP_TOOL_LIBRARIES, whose tool is then never
   opened; OMP_TOOL_VERBOSE_INIT=stderr logs the search.  The tool also
   uses the 5.0 (non-_emi) target and data op callbacks.  */
/* { dg-additional-options "-rdynamic" } */
/* { dg-set-target-env-var OMP_TOOL_VERBOSE_INIT "stderr" } */
/* { dg-output "searching the address space for ompt_start_tool.*ompt_start_tool of the address space returned a tool.*initialize returned 1.*in-program: finalize: 2 targets, 2 copies in" } */
#include "ompt-check.h"
#include <omp-tools.h>

static int targets, copies_in;
static ompt_id_t last_target;

static void
on_target (ompt_target_t kind, ompt_scope_endpoint_t endpoint,
	   int device_num, ompt_data_t *task_data, ompt_id_t target_id,
	   const void *codeptr_ra)
{
  if (endpoint == ompt_scope_begin && kind == ompt_target)
    {
      targets++;
      if (target_id == 0 || target_id == last_target || !in_main (codeptr_ra))
	abort ();
      last_target = target_id;
    }
}

static void
on_data_op (ompt_id_t target_id, ompt_id_t host_op_id,
	    ompt_target_data_op_t optype, void *src, int src_dev, void *dst,
	    int dst_dev, size_t bytes, const void *codeptr_ra)
{
  if (target_id != last_target || host_op_id == 0)
    abort ();
  if (optype == ompt_target_data_transfer_to_device && bytes == sizeof (int))
    copies_in++;
}

static int
initialize (ompt_function_lookup_t lookup, int dev, ompt_data_t *data)
{
  ompt_set_callback_t set = (ompt_set_callback_t) lookup ("ompt_set_callback");
  set (ompt_callback_target, (ompt_callback_t) on_target);
  set (ompt_callback_target_data_op, (ompt_callback_t) on_data_op);
  return 1;
}

static void
finalize (ompt_data_t *data)
{
  fprintf (stderr, "in-program: finalize: %d targets, %d copies in\n",
	   targets, copies_in);
}

ompt_start_tool_result_t *
ompt_start_tool (unsigned int version, const char *runtime)
{
  static ompt_start_tool_result_t r = { initialize, finalize, { 0 } };
  return &r;
}

int
main (void)
{
  int x = 1;
  for (int i = 0; i < 2; i++)
    {
#pragma omp target map(tofrom: x)
      x++;
    }
  CHECK (x == 3 && targets == 2, "%d targets", targets);
  CHECK (tool_handle () == NULL, "the library tool was loaded too");
  return 0;
}
