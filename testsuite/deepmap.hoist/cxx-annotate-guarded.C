// annotate-guarded.c compiled as C++ (g++ -fplugin): the call that
// announces an overwrite under a run-time test is no host access.
// { dg-options "-fplugin-arg-deepmap-report" }
// { dg-set-target-env-var DEEPMAP_STATS "1" }
// { dg-output "deepmap: device 0 \\((emu|cuda)\\): h2d 2 transfers 160000 bytes, d2h 2 transfers 160000 bytes" { target offload_device } }
#include "annotate-guarded.c"

// { dg-final { scan-deepmap-report "annotate-guarded.c:22:9: deepmap: hoist: 'v' kept on the device across the loop at annotate-guarded.c:39 \\(enter data map\\(to\\), exit data map\\(from\\)\\), with every array it trades places with" } }
// { dg-final { scan-deepmap-report-not "annotate-guarded.c:\[0-9\]+:\[0-9\]+: deepmap: hoist: '\[uv\]' copied" } }
