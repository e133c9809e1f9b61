/* Deep copy with DEEPMAP_DEEPCOPY=batch: results, and the transfers that
   strategy costs for 100 nodes of 16 bytes with 99 pointers: one
   transfer each way (the nodes are adjacent on the device).  */
/* { dg-require-effective-target offload_device_nonshared_as } */
/* { dg-set-target-env-var DEEPMAP_DEEPCOPY "batch" } */
/* { dg-set-target-env-var DEEPMAP_STATS "1" } */
/* { dg-output "deepmap: device 0 \\((emu|cuda)\\): h2d 1 transfers 1600 bytes, d2h 1 transfers 1600 bytes" } */
#include "strategy-list.h"
