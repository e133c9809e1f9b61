// puts-between.c compiled as C++.
// { dg-options "-fplugin-arg-deepmap-report" }
// { dg-set-target-env-var DEEPMAP_STATS "1" }
// { dg-output "deepmap: device 0 \\((emu|cuda)\\): h2d 2 transfers 8000 bytes, d2h 1 transfers 4000 bytes" { target offload_device } }
#include "puts-between.c"

// { dg-final { scan-deepmap-report "puts-between.c:16:9: deepmap: hoist: 'items' kept on the device from the construct at puts-between.c:16 to the construct at puts-between.c:21" } }
