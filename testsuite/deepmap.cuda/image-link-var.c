/* A declare target link variable on a CUDA device.  GCC 12's nvptx image
   holds a pointer variable in its place; the variable is not present
   until a clause maps it, and before each region the runtime points the
   image's pointer at the variable's device copy (NULL once unmapped;
   where only a section is mapped, so that the section is reached).  */
/* { dg-do run } */
/* { dg-set-target-env-var DEEPMAP_DEVICES "cuda" } */

#include "nvptx-layout.h"

#define N 64
long plain_var = 5;
long link_arr[N];

static void
region (void *args)
{
  (void) args;
  abort ();			/* never runs on the CUDA device */
}

static const char ptx[] =
  "// fake PTX\n"
  "fakecuda-function main$_omp_fn$0 64 1024\n"
  "fakecuda-global plain_var 8\n"
  "fakecuda-global link_arr$linkptr 8\n";
static const struct synth_obj objs[] = { { ptx, sizeof ptx } };
static const char *const var_names[] = { "plain_var", "link_arr$linkptr" };
static const struct synth_fn fns[] = { { "main$_omp_fn$0", { 0, 0, 0 } } };
static const struct synth_data tdata = { objs, 1, var_names, 2, fns, 1 };
static void *funcs[] = { (void *) region };
static uintptr_t vars[] = { (uintptr_t) &plain_var, sizeof plain_var,
			    (uintptr_t) link_arr, sizeof link_arr | SYNTH_LINK_BIT };
static const void *table[] = { funcs, funcs + 1, vars, vars + 4 };

static void
run_region (void)
{
  void *none[] = { NULL };
  GOMP_target_ext (0, region, 0, NULL, NULL, NULL, 0, NULL, none);
}

int
main (void)
{
  GOMP_offload_register_ver ((1u << 16) | 1, table, 5, &tdata);
  dm_require_device ();
  uintptr_t *linkptr
    = ((fakecuda_global_fn) fk_sym ("fakecuda_global")) ("link_arr$linkptr");
  CHECK (linkptr != NULL, "the image's link pointer was not loaded");

  CHECK (omp_target_is_present (&plain_var, 0), "plain_var not present");
  CHECK (!omp_target_is_present (link_arr, 0),
	 "the link variable is present before any clause maps it");
  run_region ();
  CHECK (*linkptr == 0, "link pointer %#lx without a mapping",
	 (unsigned long) *linkptr);

  for (int i = 0; i < N; i++)
    link_arr[i] = i;
#pragma omp target enter data map(to: link_arr)
  void *d = dm_mapped (link_arr, 0);
  CHECK (FK_IS_DEVICE_ADDR (d), "link_arr mapped at %p", d);
  run_region ();
  CHECK (*linkptr == (uintptr_t) d, "link pointer %#lx, device copy at %p",
	 (unsigned long) *linkptr, d);
  /* The device copy holds the mapped values (the pointer is no copy of
     the host's array over the image).  */
  long back[N];
  CHECK (omp_target_memcpy (back, d, sizeof back, 0, 0,
			    omp_get_initial_device (), 0) == 0,
	 "omp_target_memcpy failed");
  for (int i = 0; i < N; i++)
    CHECK (back[i] == i, "device link_arr[%d] = %ld", i, back[i]);

#pragma omp target exit data map(release: link_arr)
  CHECK (!omp_target_is_present (link_arr, 0), "link_arr still present");
  run_region ();
  CHECK (*linkptr == 0, "link pointer %#lx after the unmapping",
	 (unsigned long) *linkptr);

  /* Only a section mapped: the pointer is set so that the section's
     elements are found through it (link_arr[8] at its device copy).  */
#pragma omp target enter data map(to: link_arr[8:16])
  void *s = dm_mapped (&link_arr[8], 0);
  CHECK (FK_IS_DEVICE_ADDR (s), "link_arr[8:16] mapped at %p", s);
  run_region ();
  CHECK (*linkptr + 8 * sizeof (long) == (uintptr_t) s,
	 "link pointer %#lx, section's device copy at %p",
	 (unsigned long) *linkptr, s);
#pragma omp target exit data map(release: link_arr[8:16])
  run_region ();
  CHECK (*linkptr == 0, "link pointer %#lx after the section's unmapping",
	 (unsigned long) *linkptr);
  return 0;
}
