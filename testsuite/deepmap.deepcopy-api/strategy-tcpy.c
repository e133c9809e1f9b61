/* Deep copy with DEEPMAP_DEEPCOPY=tcpy: results, and the transfers that
   strategy costs for 100 nodes of 16 bytes with 99 pointers set and the
   tail's NULL (all attached; each node comes back whole, so that what
   the region stores into a pointer comes back too).  */
/* { dg-require-effective-target offload_device_nonshared_as } */
/* { dg-set-target-env-var DEEPMAP_DEEPCOPY "tcpy" } */
/* { dg-set-target-env-var DEEPMAP_STATS "1" } */
/* { dg-output "deepmap: device 0 \\((emu|cuda)\\): h2d 100 transfers 1600 bytes, d2h 100 transfers 1600 bytes" } */
#include "strategy-list.h"
