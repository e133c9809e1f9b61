/* A host table that the ELF scan found at start-up (it sits in GCC's
   .gnu.offload_funcs/.gnu.offload_vars sections) and whose nvptx image is
   registered only after the devices started (a constructor that runs
   late) is still loaded on the CUDA device.  */
/* { dg-do run } */
/* { dg-set-target-env-var DEEPMAP_DEVICES "cuda" } */

#include "scanned-image.h"

int
main (void)
{
  dm_require_device ();		/* the devices start here */
  CHECK (fk_count ("cuModuleLoadData") == 0, "a module was loaded early");
  scanned_register ();
  CHECK (fk_count ("cuModuleLoadData") == 1, "the late image was not "
	 "loaded (%lu modules)", fk_count ("cuModuleLoadData"));
  void *d = dm_mapped (&scanned_var, 0);
  CHECK (FK_IS_DEVICE_ADDR (d), "scanned_var mapped at %p", d);
  return 0;
}
