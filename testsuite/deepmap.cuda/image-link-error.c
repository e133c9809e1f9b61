/* A PTX object the JIT rejects: the error names cuLinkAddData and
   carries the JIT's log.  */
/* { dg-do run } */
/* { dg-set-target-env-var DEEPMAP_DEVICES "cuda" } */
/* { dg-shouldfail "link error" } */
/* { dg-output "deepmap: error: loading an offload image\[^\n\]*cuLinkAddData failed\[^\n\]*JIT log: fake ptxas: unknown opcode" } */

#define SYNTH_PTX "fakecuda-function main$_omp_fn$0\nfakecuda-error unknown opcode\n"
#include "synthetic-image.h"

int
main (void)
{
  synth_register ();
  printf ("%d devices\n", omp_get_num_devices ());
  return 0;
}
