// overwrite-bounds.c compiled as C++ (g++ -fplugin): loops from 1, and
// nests of two symbolic counts announced only where no count is
// negative.
// { dg-options "-fplugin-arg-deepmap-report -fplugin-arg-deepmap-hoist=off" }
// { dg-set-target-env-var DEEPMAP_STATS "1" }
// { dg-output "deepmap: device 0 \\((emu|cuda)\\): h2d 2 transfers 848 bytes, d2h 4 transfers 2848 bytes" { target offload_device } }
#include "overwrite-bounds.c"

// { dg-final { scan-deepmap-report "overwrite-bounds.c:21:9: deepmap: target: '\\*out' is stored to in full before it is read: not copied in \\(as map\\(from:\\)\\)" } }
// { dg-final { scan-deepmap-report "overwrite-bounds.c:29:9: deepmap: target: '\\*b' is stored to in full before it is read where no loop count is negative: then not copied in \\(as map\\(from:\\)\\)" } }
// { dg-final { scan-deepmap-report-not "overwrite-bounds.c:38:9: deepmap: target: '\\*out' is stored to in full" } }
