// member-count.c compiled as C++ (g++ -fplugin): a count that is a
// member of a structure passed by value proves a region's stores cover
// its item, and a structure whose pointers the region never uses is
// mapped as plain data.
// { dg-options "-fplugin-arg-deepmap-report -fplugin-arg-deepmap-hoist=off" }
// { dg-set-target-env-var DEEPMAP_STATS "1" }
// { dg-output "deepmap: device 0 \\((emu|cuda)\\): h2d 9 transfers 2570 bytes" { target offload_device } }
#include "member-count.c"

// { dg-final { scan-deepmap-report "member-count.c:36:9: deepmap: target: '\\*out' is stored to in full before it is read: not copied in \\(as map\\(from:\\)\\)" } }
// { dg-final { scan-deepmap-report "member-count.c:36:9: deepmap: target: 'c' shallow: the region uses none of its pointers" } }
// { dg-final { scan-deepmap-report-not "member-count.c:44:9: deepmap: target: '\\*out' is stored to in full" } }
// { dg-final { scan-deepmap-report-not "member-count.c:52:9: deepmap: target: '\\*out' is stored to in full" } }
// { dg-final { scan-deepmap-report-not "member-count.c:70:9: deepmap: target: '\\*out' is stored to in full" } }
// { dg-final { scan-deepmap-report "member-count.c:79:9: deepmap: target: 'c' deep, elements of type 'cfg'" } }
// { dg-final { scan-deepmap-report "member-count.c:96:9: deepmap: target: 'c' deep, elements of type 'cfg'" } }
