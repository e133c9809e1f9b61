// written-first-branch.c compiled as C++ (g++ -fplugin): Anew, stored
// on both arms of an if, is allocated on the device, not copied in;
// where one arm stores nothing it is copied in.
// { dg-options "-fplugin-arg-deepmap-report -w" }
// { dg-set-target-env-var DEEPMAP_STATS "1" }
// { dg-output "deepmap: device 0 \\((emu|cuda)\\): h2d 43 transfers 24320 bytes, d2h 4 transfers 16016 bytes" { target offload_device } }
#include "written-first-branch.c"

// { dg-final { scan-deepmap-report "written-first-branch.c:77:1: deepmap: hoist: 'Anew' kept on the device across the loop at written-first-branch.c:77 \\(enter data map\\(alloc\\), exit data map\\(release\\)\\), not copied back: nothing reads it afterwards, not copied in: its constructs read only what they stored first" } }
// { dg-final { scan-deepmap-report "written-first-branch.c:79:1: deepmap: hoist: 'Anew' kept on the device across the loop at written-first-branch.c:79 \\(enter data map\\(to\\), exit data map\\(release\\)\\)" } }
