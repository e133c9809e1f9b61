/* An image as GCC 12's mkoffload really makes it (this test is built with
   -foffload=nvptx-none), on the fake driver, which reads the kernels and
   variables the PTX defines: the image is JIT-linked and loaded once, the
   region's kernel is found by its name and launched with GCC's
   parameters, a declare target variable is present at the module's
   address with the host's size, and a link variable is reached through
   the image's pointer, set to the mapped copy when the region starts.
   (The fake's kernels run nothing: the region's effects are not seen.)  */
/* { dg-do run } */
/* { dg-set-target-env-var DEEPMAP_DEVICES "cuda" } */

#include "nvptx-vars.h"

int
main (void)
{
  dm_require_device ();
  CHECK (fk_count ("cuModuleLoadData") == 1, "%lu modules loaded",
	 fk_count ("cuModuleLoadData"));
  CHECK (fk_count ("cuLinkAddData") >= 2, "%lu PTX objects linked (the "
	 "program's and libgomp's device code)", fk_count ("cuLinkAddData"));
  void *dgv = dm_mapped (&gv, 0);
  CHECK (FK_IS_DEVICE_ADDR (dgv), "gv at %p", dgv);
  CHECK (!omp_target_is_present (lv, 0), "the link variable is present");

  int x = 0;
#pragma omp target map(tofrom: x) map(to: lv)
  x = gv + lv[0];

  struct fakecuda_launch l;
  CHECK (fk_last_launch (&l) == 1, "%lu launches", fk_last_launch (&l));
  CHECK (!strcmp (l.name, "main$_omp_fn$0"), "kernel %s", l.name);
  CHECK (l.params_size == 3 * sizeof (void *), "%zu bytes of parameters",
	 l.params_size);
  uintptr_t *linkptr
    = ((fakecuda_global_fn) fk_sym ("fakecuda_global")) ("lv$linkptr");
  CHECK (linkptr != NULL, "no lv$linkptr in the module");
  CHECK (FK_IS_DEVICE_ADDR (*linkptr), "lv$linkptr = %#lx at the launch",
	 (unsigned long) *linkptr);
  CHECK (x == 0, "x = %d: the fake ran a kernel?", x);
  return 0;
}
