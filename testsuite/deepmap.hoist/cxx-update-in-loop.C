// update-in-loop.c compiled as C++.
// { dg-options "-fplugin-arg-deepmap-report" }
// { dg-set-target-env-var DEEPMAP_STATS "1" }
// { dg-output "deepmap: device 0 \\((emu|cuda)\\): h2d 11 transfers 36000 bytes, d2h 6 transfers 16000 bytes" { target offload_device } }
#include "update-in-loop.c"

// { dg-final { scan-deepmap-report "update-in-loop.c:30:9: deepmap: hoist: 'energy' kept on the device across the loop at update-in-loop.c:25" } }
// { dg-final { scan-deepmap-report "update-in-loop.c:50:9: deepmap: hoist: missed: 'a' not kept on the device across the loop at update-in-loop.c:46 because a target update in the loop may copy it" } }
