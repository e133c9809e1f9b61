// nested-parallels.c compiled as C++ (g++ -fplugin): the input of two
// parallel regions per teams block stays on the device across the loop.
// { dg-options "-fplugin-arg-deepmap-report" }
// { dg-set-target-env-var DEEPMAP_STATS "1" }
// { dg-output "deepmap: device 0 \\((emu|cuda)\\): h2d 1 transfers 4096 bytes, d2h 1 transfers 4096 bytes" { target offload_device } }
#include "nested-parallels.c"

// { dg-final { scan-deepmap-report "nested-parallels.c:29:9: deepmap: hoist: 'a' kept on the device across the loop at nested-parallels.c:27 \\(enter data map\\(to\\), exit data map\\(release\\)\\)" } }
// { dg-final { scan-deepmap-report "nested-parallels.c:29:9: deepmap: hoist: 'b' kept on the device across the loop at nested-parallels.c:27 \\(enter data map\\(alloc\\), exit data map\\(from\\)\\)" } }
