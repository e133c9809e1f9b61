/* Unregistering an image (a library closed) unloads its module from the
   CUDA device and forgets its declare target variables there and on the
   emulated device; registering it again brings them back.  */
/* { dg-do run } */
/* { dg-set-target-env-var DEEPMAP_DEVICES "cuda,emu" } */

#include "synthetic-image.h"

extern void GOMP_offload_unregister_ver (unsigned, const void *, int,
					 const void *);

int
main (void)
{
  synth_register ();
  dm_require_device ();
  CHECK (omp_get_num_devices () == 2, "%d devices", omp_get_num_devices ());
  for (int dev = 0; dev < 2; dev++)
    CHECK (omp_target_is_present (&synth_var, dev),
	   "synth_var not present on device %d", dev);
  CHECK (fk_count ("cuModuleLoadData") == 1, "%lu modules loaded",
	 fk_count ("cuModuleLoadData"));

  GOMP_offload_unregister_ver ((1u << 16) | 1, synth_table, 5, &synth_data);
  CHECK (fk_count ("cuModuleUnload") == 1, "module not unloaded");
  for (int dev = 0; dev < 2; dev++)
    CHECK (!omp_target_is_present (&synth_var, dev),
	   "synth_var still present on device %d", dev);

  synth_register ();
  CHECK (fk_count ("cuModuleLoadData") == 2, "not loaded again");
  for (int dev = 0; dev < 2; dev++)
    CHECK (omp_target_is_present (&synth_var, dev),
	   "synth_var not present again on device %d", dev);
  return 0;
}
