// printf-choice.c compiled as C++.
// { dg-options "-fplugin-arg-deepmap-report" }
// { dg-set-target-env-var DEEPMAP_STATS "1" }
// { dg-output "deepmap: device 0 \\((emu|cuda)\\): h2d 13 transfers 4048 bytes, d2h 4 transfers 16 bytes" { target offload_device } }
#include "printf-choice.c"

// { dg-final { scan-deepmap-report "printf-choice.c:28:9: deepmap: hoist: 'data' kept on the device across the loop at printf-choice.c:23 " } }
