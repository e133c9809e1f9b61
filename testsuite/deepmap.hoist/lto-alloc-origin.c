/* alloc-origin.c with -flto: lto1 finds the pointer cell in the
   bodies of its partition.  The same bytes as without -flto.  */
/* { dg-options "-flto -fplugin-arg-deepmap-report -w" } */
/* { dg-set-target-env-var DEEPMAP_CHECK "1" } */
/* { dg-set-target-env-var DEEPMAP_STATS "1" } */
/* { dg-output "deepmap: device 0 \\((emu|cuda)\\): h2d 43 transfers 1409024 bytes, d2h 63 transfers 1410304 bytes" { target offload_device } } */
#include "alloc-origin.c"
