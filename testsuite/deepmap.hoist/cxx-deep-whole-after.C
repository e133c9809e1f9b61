// deep-whole-after.c compiled as C++ (g++ -fplugin).
// { dg-options "-fplugin-arg-deepmap-report" }
// { dg-set-target-env-var DEEPMAP_STATS "1" }
// { dg-output "deepmap: device 0 \\((emu|cuda)\\): h2d 1 transfers 8016 bytes, d2h 1 transfers 8016 bytes" { target offload_device } }
#include "deep-whole-after.c"

// { dg-final { scan-deepmap-report "deep-whole-after.c:28:9: deepmap: hoist: 'f' kept on the device across the loop at deep-whole-after.c:26 \\(enter data map\\(to\\), exit data map\\(from\\)\\), with everything it points to \\(deep\\)" } }
