// written-first.c compiled as C++ (g++ -fplugin): Jacobi's Anew is
// allocated on the device, not copied in.
// { dg-options "-fplugin-arg-deepmap-report -w" }
// { dg-set-target-env-var DEEPMAP_STATS "1" }
// { dg-output "deepmap: device 0 \\((emu|cuda)\\): h2d 51 transfers 73360 bytes, d2h 51 transfers 73360 bytes" { target offload_device } }
#include "written-first.c"

// { dg-final { scan-deepmap-report "written-first.c:52:1: deepmap: hoist: 'Anew' kept on the device across the loop at written-first.c:52 \\(enter data map\\(alloc\\), exit data map\\(release\\)\\), not copied back: nothing reads it afterwards, not copied in: its constructs read only what they stored first" } }
// { dg-final { scan-deepmap-report "written-first.c:52:1: deepmap: hoist: 'A' kept on the device across the loop at written-first.c:52 \\(enter data map\\(to\\), exit data map\\(from\\)\\)" } }
