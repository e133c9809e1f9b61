// data-in-loop.c compiled as C++ (g++ -fplugin): the sections that the
// target data constructs of a loop map tofrom stay on the device across
// it; a map without 'from', a host read inside a target data construct
// and use_device_ptr keep the copies as written.
// { dg-options "-fplugin-arg-deepmap-report" }
// { dg-set-target-env-var DEEPMAP_STATS "1" }
// { dg-output "deepmap: device 0 \\((emu|cuda)\\): h2d 52 transfers 152080 bytes, d2h 43 transfers 116080 bytes" { target offload_device } }
#include "data-in-loop.c"

// { dg-final { scan-deepmap-report "data-in-loop.c:32:9: deepmap: hoist: 'A' kept on the device across the loop at data-in-loop.c:29 \\(enter data map\\(to\\), exit data map\\(from\\)\\)" } }
// { dg-final { scan-deepmap-report "data-in-loop.c:32:9: deepmap: hoist: 'Anew' kept on the device across the loop at data-in-loop.c:29 \\(enter data map\\(to\\), exit data map\\(from\\)\\)" } }
// { dg-final { scan-deepmap-report "data-in-loop.c:53:9: deepmap: hoist: missed: 'x' not kept on the device across the loop at data-in-loop.c:51 because a target data construct maps it without 'from'" } }
// { dg-final { scan-deepmap-report "data-in-loop.c:68:9: deepmap: hoist: missed: 'A' not kept on the device across the loop at data-in-loop.c:66 because the host accesses it in the loop and a target data construct maps it" } }
