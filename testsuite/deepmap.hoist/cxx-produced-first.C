// produced-first.c compiled as C++ (g++ -fplugin): an array the first
// construct of a run produces is allocated on the device, not copied in.
// (GNU C++ has variable-length arrays too.)
// { dg-options "-fplugin-arg-deepmap-report" }
// { dg-set-target-env-var DEEPMAP_STATS "1" }
#include "produced-first.c"

// { dg-final { scan-deepmap-report "produced-first.c:43:3: deepmap: hoist: 'a' kept on the device from the construct at produced-first.c:43 to the construct at produced-first.c:43 \\(enter data map\\(alloc\\), exit data map\\(release\\)\\)" } }
// { dg-final { scan-deepmap-report "produced-first.c:69:9: deepmap: hoist: 'a' kept on the device from the construct at produced-first.c:69 to the construct at produced-first.c:72 \\(enter data map\\(to\\)" } }
// { dg-final { scan-deepmap-report "produced-first.c:54:3: deepmap: hoist: 'a' kept on the device from the construct at produced-first.c:54 to the construct at produced-first.c:54 \\(enter data map\\(alloc\\), exit data map\\(release\\)\\)" } }
// { dg-output "deepmap: device 0 \\((emu|cuda)\\): h2d 4 transfers 80024 bytes, d2h 4 transfers 80024 bytes" { target offload_device } }
