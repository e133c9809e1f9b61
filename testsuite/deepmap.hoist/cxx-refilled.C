// refilled.c compiled as C++ (g++ -fplugin): a kept section the host
// writes in full (a counter reset, a memset) before any construct uses
// it in each step is not copied in by the enter data; the update after
// the write sends it.
// { dg-options "-fplugin-arg-deepmap-report" }
// { dg-set-target-env-var DEEPMAP_STATS "1" }
// { dg-output "deepmap: device 0 \\((emu|cuda)\\): h2d 22 transfers 11640 bytes, d2h 9 transfers 4028 bytes" { target offload_device } }
#include "refilled.c"

// { dg-final { scan-deepmap-report "refilled.c:41:9: deepmap: hoist: 'count\\\[0\\\]' kept on the device across the loop at refilled.c:38 \\(enter data map\\(to\\), exit data map\\(from\\)\\), not copied in where the update after the host's first write sends all of it" } }
// { dg-final { scan-deepmap-report "refilled.c:58:9: deepmap: hoist: 'acc' kept on the device across the loop at refilled.c:55 \\(enter data map\\(to\\), exit data map\\(from\\)\\), not copied in where" } }
// { dg-final { scan-deepmap-report "refilled.c:117:9: deepmap: hoist: 'q' kept on the device across the loop at refilled.c:113 \\(enter data map\\(to\\), exit data map\\(from\\)\\), not copied in where" } }
