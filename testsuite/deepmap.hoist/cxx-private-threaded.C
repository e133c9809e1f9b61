// private-threaded.c compiled as C++.
// { dg-options "-fplugin-arg-deepmap-report" }
// { dg-set-target-env-var DEEPMAP_STATS "1" }
// { dg-output "deepmap: device 0 \\((emu|cuda)\\): h2d 1 transfers 8000 bytes, d2h 1 transfers 8000 bytes" { target offload_device } }
#include "private-threaded.c"

// { dg-final { scan-deepmap-report "private-threaded.c:46:9: deepmap: hoist: 'scratch' kept on the device across the loop at private-threaded.c:44 \\(enter data map\\(alloc\\), exit data map\\(release\\)\\)" } }
