/* deep-writes-kept.c built with -flto (random-hoist seed 1122, program
   4): in lto1 the compile step's marks are not seen, so a structure
   mapped as a deep item looked like 24 plain bytes, and an array its
   kernel writes was kept by another construct's map of it.  Under LTO
   an item whose type may hold pointers counts as a deep item wherever
   that is the careful side.  The output is the build without the
   plugin's, under the same runtime.  */
/* { dg-options "-flto -w" } */
/* { dg-set-target-env-var DEEPMAP_CHECK "1" } */
/* { dg-output "to: 368d1ac5 c5e5a165 de64fe25 9218b785\[\r\n\]+tofrom: 368d1ac5 edd002a5 de64fe25 b2146805 acc 0000057f\[\r\n\]+nested: 368d1ac5 c5e5a165 9cb82f85 bf4c37c5 acc 04a0bac7" { target offload_device } } */
#include "deep-writes-kept.c"
