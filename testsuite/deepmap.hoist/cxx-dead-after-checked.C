// dead-after-checked.c compiled as C++ (g++ -fplugin): the function's
// own weights, kept across a run under a run-time test of overlap and
// only freed after it, are not copied back.
// { dg-options "-fplugin-arg-deepmap-report" }
// { dg-set-target-env-var DEEPMAP_STATS "1" }
// { dg-output "deepmap: device 0 \\((emu|cuda)\\): h2d \[0-9\]+ transfers 9616 bytes, d2h \[0-9\]+ transfers 816 bytes" { target offload_device } }
#include "dead-after-checked.c"

// { dg-final { scan-deepmap-report "dead-after-checked.c:41:9: deepmap: hoist: 'w' kept on the device from the construct at dead-after-checked.c:41 to the construct at dead-after-checked.c:50 \\(enter data map\\(to\\), exit data map\\(release\\)\\), not copied back: nothing reads it afterwards" } }
