// data-size-in-loop.c compiled as C++ (g++ -fplugin): Rodinia's bfs,
// whose node count a target data construct of the loop maps tofrom
// beside the arrays it sizes; every array is kept across the loop.
// { dg-options "-fplugin-arg-deepmap-report" }
// { dg-set-target-env-var DEEPMAP_STATS "1" }
// { dg-output "deepmap: device 0 \\((emu|cuda)\\): h2d \[0-9\]+ transfers 23018 bytes, d2h \[0-9\]+ transfers 4014 bytes" { target offload_device } }
#include "data-size-in-loop.c"

// { dg-final { scan-deepmap-report "data-size-in-loop.c:63:9: deepmap: hoist: 'cost' kept on the device across the loop at data-size-in-loop.c:60 \\(enter data map\\(to\\), exit data map\\(from\\)\\)" } }
// { dg-final { scan-deepmap-report "data-size-in-loop.c:63:9: deepmap: hoist: 'edge' kept on the device across the loop at data-size-in-loop.c:60 \\(enter data map\\(to\\), exit data map\\(release\\)\\), not copied back: no construct writes it" } }
// { dg-final { scan-deepmap-report "data-size-in-loop.c:63:9: deepmap: hoist: 'nodes' kept on the device across the loop at data-size-in-loop.c:60 \\(enter data map\\(to\\), exit data map\\(release\\)\\), not copied back: no construct writes it" } }
