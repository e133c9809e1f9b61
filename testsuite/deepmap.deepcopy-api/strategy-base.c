/* Deep copy with DEEPMAP_DEEPCOPY=base: results, and the transfers that
   strategy costs for 100 nodes of 16 bytes with 99 pointers.  */
/* { dg-require-effective-target offload_device_nonshared_as } */
/* { dg-set-target-env-var DEEPMAP_DEEPCOPY "base" } */
/* { dg-set-target-env-var DEEPMAP_STATS "1" } */
/* { dg-output "deepmap: device 0 \\((emu|cuda)\\): h2d 199 transfers 1600 bytes, d2h 100 transfers 808 bytes" } */
#include "strategy-list.h"
