/* A kernel that fails shows at the wait for it.  */
/* { dg-do run } */
/* { dg-set-target-env-var DEEPMAP_DEVICES "cuda" } */
/* { dg-set-target-env-var FAKECUDA_FAIL "cuStreamSynchronize:2" } */
/* { dg-shouldfail "injected driver error" } */
/* { dg-output "deepmap: error: target on device 0 \\(cuda\\)\[^\n\]*kernel main\[^\n\]* failed \\(perhaps abort was called\\): cuStreamSynchronize failed: unspecified launch failure" } */

#include "synthetic-image.h"

int
main (void)
{
  synth_register ();
  void *args[] = { NULL };
  GOMP_target_ext (0, synth_region, 0, NULL, NULL, NULL, 0, NULL, args);
  printf ("no error reported\n");
  return 0;
}
