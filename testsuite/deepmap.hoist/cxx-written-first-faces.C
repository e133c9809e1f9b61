// written-first-faces.c compiled as C++ (g++ -fplugin): a grid's
// interior and its faces stored by two kernels (an else-if chain, one
// test of ORs, a plane apart) are allocated, not copied in; a missing
// face, a test of data or a copy first keep the copy in.
// { dg-options "-fplugin-arg-deepmap-report -w" }
// { dg-set-target-env-var DEEPMAP_STATS "1" }
// { dg-output "deepmap: device 0 \\((emu|cuda)\\): h2d 13 transfers 99840 bytes, d2h 9 transfers 69120 bytes" { target offload_device } }
#include "written-first-faces.c"

// { dg-final { scan-deepmap-report "written-first-faces.c:121:1: deepmap: hoist: 'B' kept on the device across the loop at written-first-faces.c:121 \\(enter data map\\(alloc\\), exit data map\\(release\\)\\), not copied back: nothing reads it afterwards, not copied in: its constructs read only what they stored first" } }
// { dg-final { scan-deepmap-report "written-first-faces.c:123:1: deepmap: hoist: 'B' kept on the device across the loop at written-first-faces.c:123 \\(enter data map\\(alloc\\)" } }
// { dg-final { scan-deepmap-report "written-first-faces.c:125:1: deepmap: hoist: 'B' kept on the device across the loop at written-first-faces.c:125 \\(enter data map\\(alloc\\)" } }
// { dg-final { scan-deepmap-report "written-first-faces.c:127:1: deepmap: hoist: 'B' kept on the device across the loop at written-first-faces.c:127 \\(enter data map\\(alloc\\)" } }
// { dg-final { scan-deepmap-report "written-first-faces.c:129:1: deepmap: hoist: 'B' kept on the device across the loop at written-first-faces.c:129 \\(enter data map\\(to\\)" } }
// { dg-final { scan-deepmap-report "written-first-faces.c:131:1: deepmap: hoist: 'B' kept on the device across the loop at written-first-faces.c:131 \\(enter data map\\(to\\)" } }
// { dg-final { scan-deepmap-report "written-first-faces.c:133:1: deepmap: hoist: 'B' kept on the device across the loop at written-first-faces.c:133 \\(enter data map\\(to\\)" } }
// { dg-final { scan-deepmap-report "written-first-faces.c:147:1: deepmap: hoist: 'B' kept on the device across the loop at written-first-faces.c:147 \\(enter data map\\(to\\)" } }
// { dg-final { scan-deepmap-report "written-first-faces.c:142:1: deepmap: hoist: 'B' kept on the device across the loop at written-first-faces.c:142 \\(enter data map\\(to\\)" } }
