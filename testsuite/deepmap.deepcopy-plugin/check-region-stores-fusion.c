/* region-stores-fusion.c with DEEPMAP_CHECK=1: the stores that fusion
   carried along come back, and are not taken for the host's changes.  */
/* { dg-require-effective-target offload_device_nonshared_as } */
/* { dg-set-target-env-var DEEPMAP_CHECK "1" } */
#include "region-stores-fusion.c"
/* { dg-output "region stores survive fusion: ok" } */
