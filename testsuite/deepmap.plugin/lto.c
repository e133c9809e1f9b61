/* descriptors.c with link-time optimization: lto1 loads the plugin too
   (without a C front end) and the descriptors survive streaming.  */
/* { dg-require-effective-target lto } */
/* On the emulated device even under make check-gpu: dm-capture.h keeps deep
   copy from the runtime: the region reads host pointers, which only the
   emulated device can.  */
/* { dg-set-target-env-var DEEPMAP_DEVICES "emu" } */
/* { dg-options "-O2 -flto" } */
#include "descriptors.c"
/* descriptors.c claims its warnings; included, they are not its own.  */
/* { dg-prune-output "one element assumed" } */
/* { dg-output "descriptors ok" } */
