// host-search-break.c compiled as C++ (g++ -fplugin): a host search that
// breaks out of its loop needs its copy only before it; the array stays
// on the device across the time loop.
// { dg-options "-fplugin-arg-deepmap-report" }
// { dg-set-target-env-var DEEPMAP_STATS "1" }
// { dg-output "deepmap: device 0 \\((emu|cuda)\\): h2d \[0-9\]+ transfers 800 bytes, d2h \[0-9\]+ transfers 3200 bytes" { target offload_device } }
#include "host-search-break.c"

// { dg-final { scan-deepmap-report "host-search-break.c:23:9: deepmap: hoist: 'q' kept on the device across the loop at host-search-break.c:21 \\(enter data map\\(to\\), exit data map\\(from\\)\\)" } }
