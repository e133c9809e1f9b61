// run-of-loops.c compiled as C++ (g++ -fplugin): a warm-up loop and a
// timed loop keep their sections from the first loop to the end of the
// second.
// { dg-options "-fplugin-arg-deepmap-report" }
// { dg-set-target-env-var DEEPMAP_STATS "1" }
// { dg-output "deepmap: device 0 \\((emu|cuda)\\): h2d 3 transfers 16008 bytes, d2h 1 transfers 8000 bytes" { target offload_device } }
#include "run-of-loops.c"

// { dg-final { scan-deepmap-report "run-of-loops.c:27:9: deepmap: hoist: 'in' kept on the device from the loop at run-of-loops.c:25 to the loop at run-of-loops.c:33 \\(enter data map\\(to\\), exit data map\\(release\\)\\)" } }
