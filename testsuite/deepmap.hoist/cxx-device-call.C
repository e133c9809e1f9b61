// device-call.c compiled as C++.
// { dg-options "-fplugin-arg-deepmap-report" }
// { dg-set-target-env-var DEEPMAP_STATS "1" }
// { dg-output "deepmap: device 0 \\((emu|cuda)\\): h2d 7 transfers 28000 bytes, d2h 4 transfers 16000 bytes" { target offload_device } }
#include "device-call.c"

// { dg-final { scan-deepmap-report "device-call.c:62:9: deepmap: hoist: 't' kept on the device across the loop at device-call.c:60 \\(enter data map\\(to\\), exit data map\\(release\\)\\), not copied back: no construct writes it" } }
