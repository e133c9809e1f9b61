/* A failing launch names cuLaunchKernel.  */
/* { dg-do run } */
/* { dg-set-target-env-var DEEPMAP_DEVICES "cuda" } */
/* { dg-set-target-env-var FAKECUDA_FAIL "cuLaunchKernel:1" } */
/* { dg-shouldfail "injected driver error" } */
/* { dg-output "deepmap: error: \[^\n\]*cuLaunchKernel failed: too many resources" } */

#include "synthetic-image.h"

int
main (void)
{
  synth_register ();
  int x = 0;
  void *h[] = { &x };
  size_t s[] = { sizeof x };
  unsigned short k[] = { 3 };
  void *args[] = { NULL };
  GOMP_target_ext (0, synth_region, 1, h, s, k, 0, NULL, args);
  printf ("no error reported\n");
  return 0;
}
