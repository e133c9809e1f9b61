/* big-objects-back.c with DEEPMAP_CHECK=1: the pointers the regions
   stored are the device's changes, not the host's.  */
/* { dg-require-effective-target offload_device_nonshared_as } */
/* { dg-set-target-env-var DEEPMAP_CHECK "1" } */
#include "big-objects-back.c"
/* { dg-output "big objects back: ok" } */
