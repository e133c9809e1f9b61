// overwrite-beside-deep.c compiled as C++ (g++ -fplugin): a kept section
// a region overwrites is not copied in beside a structure the region
// maps, unless the structure's pointers reach it.
// { dg-options "-fplugin-arg-deepmap-report" }
// { dg-set-target-env-var DEEPMAP_STATS "1" }
// { dg-output "deepmap: device 0 \\((emu|cuda)\\): h2d 6 transfers 2448 bytes, d2h 4 transfers 3232 bytes" { target offload_device } }
#include "overwrite-beside-deep.c"

// { dg-final { scan-deepmap-report "overwrite-beside-deep.c:39:9: deepmap: target: 'c' shallow: the region uses none of its pointers" } }
// { dg-final { scan-deepmap-report "overwrite-beside-deep.c:39:9: deepmap: target: '\\*v' is stored to in full before it is read: not copied in \\(as map\\(from:\\)\\)" } }
// { dg-final { scan-deepmap-report "overwrite-beside-deep.c:52:9: deepmap: target: 'c' deep, elements of type 'cfg'" } }
