// data-size-param.c compiled as C++ (g++ -fplugin): a count parameter
// that a target data construct of the loop maps tofrom, beside calls
// that cannot reach it, leaves the array it sizes kept across the loop.
// { dg-options "-fplugin-arg-deepmap-report" }
// { dg-set-target-env-var DEEPMAP_STATS "1" }
// { dg-output "deepmap: device 0 \\((emu|cuda)\\): h2d \[0-9\]+ transfers 804 bytes, d2h \[0-9\]+ transfers 800 bytes" { target offload_device } }
#include "data-size-param.c"

// { dg-final { scan-deepmap-report "data-size-param.c:34:9: deepmap: hoist: 'a' kept on the device across the loop at data-size-param.c:32 \\(enter data map\\(to\\), exit data map\\(from\\)\\)" } }
