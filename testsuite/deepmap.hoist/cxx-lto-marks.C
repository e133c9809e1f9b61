// lto-marks.c compiled as C++ (g++ -flto -fplugin): lto1 reads the
// compile step's site tables back and sees its overwrite mark and deep
// item.
// { dg-options "-flto -fplugin-arg-deepmap-report" }
// { dg-set-target-env-var DEEPMAP_STATS "1" }
// { dg-output "deepmap: device 0 \\((emu|cuda)\\): h2d 2 transfers 16016 bytes, d2h 2 transfers 16016 bytes" { target offload_device } }
#include "lto-marks.c"

// { dg-final { scan-deepmap-report "lto-marks.c:\[0-9\]+:\[0-9\]+: deepmap: hoist: 'out' kept on the device across the loop at lto-marks.c:\[0-9\]+ .*not copied in if the first construct to use it stores to all of it" } }
// { dg-final { scan-deepmap-report "lto-marks.c:\[0-9\]+:\[0-9\]+: deepmap: hoist: 'g' kept on the device across the loop at lto-marks.c:\[0-9\]+ .*with everything it points to \\(deep\\)" } }
