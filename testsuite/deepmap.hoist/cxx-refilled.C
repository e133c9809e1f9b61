// refilled.c compiled as C++ (g++ -fplugin): a kept section the host
// writes in full (a counter reset, a memset) before any construct uses
// it in each step is not copied in by the enter data; the update after
// the write sends it.
// { dg-options "-fplugin-arg-deepmap-report" }
// { dg-set-target-env-var DEEPMAP_STATS "1" }
// { dg-output "deepmap: device 0 \\((emu|cuda)\\): h2d 16 transfers 9216 bytes, d2h 8 transfers 3228 bytes" { target offload_device } }
#include "refilled.c"

// { dg-final { scan-deepmap-report "refilled.c:35:9: deepmap: hoist: 'count\\\[0\\\]' kept on the device across the loop at refilled.c:32 \\(enter data map\\(to\\), exit data map\\(from\\)\\), not copied in: the host writes all of it first, and its update sends it" } }
// { dg-final { scan-deepmap-report "refilled.c:52:9: deepmap: hoist: 'acc' kept on the device across the loop at refilled.c:49 \\(enter data map\\(to\\), exit data map\\(from\\)\\), not copied in: the host writes all of it first" } }
// { dg-final { scan-deepmap-report "refilled.c:68:9: deepmap: hoist: 'z' kept on the device across the loop at refilled.c:63 \\(enter data map\\(to\\), exit data map\\(from\\)\\), not copied in: the host writes all of it first" } }
