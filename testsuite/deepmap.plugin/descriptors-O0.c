/* descriptors.c at -O0.  */
/* { dg-options "-O0" } */
/* On the emulated device even under make check-gpu: dm-capture.h keeps deep
   copy from the runtime: the region reads host pointers, which only the
   emulated device can.  */
/* { dg-set-target-env-var DEEPMAP_DEVICES "emu" } */
#include "descriptors.c"
/* descriptors.c claims its warnings; included, they are not its own.  */
/* { dg-prune-output "one element assumed" } */
/* { dg-output "descriptors ok" } */
