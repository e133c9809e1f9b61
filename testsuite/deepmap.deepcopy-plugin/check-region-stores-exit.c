/* region-stores-exit.c with DEEPMAP_CHECK=1: the exits release what the
   enters took, and the relinked pointers are the device's changes.  */
/* { dg-require-effective-target offload_device_nonshared_as } */
/* { dg-set-target-env-var DEEPMAP_CHECK "1" } */
#include "region-stores-exit.c"
/* { dg-output "region stores then exit: ok" } */
