/* region-stores-pointers.c with DEEPMAP_CHECK=1: the pointers a region
   stored come back, and the check does not take them for the host's
   changes while mapped.  */
/* { dg-require-effective-target offload_device_nonshared_as } */
/* { dg-set-target-env-var DEEPMAP_CHECK "1" } */
#include "region-stores-pointers.c"
/* { dg-output "region stores pointers: ok" } */
