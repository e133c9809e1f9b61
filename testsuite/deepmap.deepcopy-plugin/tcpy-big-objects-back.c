/* big-objects-back.c with DEEPMAP_DEEPCOPY=tcpy.  */
/* { dg-require-effective-target offload_device_nonshared_as } */
/* { dg-set-target-env-var DEEPMAP_DEEPCOPY "tcpy" } */
#include "big-objects-back.c"
/* { dg-output "big objects back: ok" } */
