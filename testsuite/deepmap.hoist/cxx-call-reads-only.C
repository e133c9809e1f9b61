// call-reads-only.c compiled as C++ (g++ -fplugin): a call the escape
// analysis shows only reading a kept array gets no update after it.
// reset may throw (its printf): a call that may write and throw gets
// both arrays updated, as its exception path cannot tell which one the
// host wrote; reads as in C.
// { dg-options "-fplugin-arg-deepmap-report" }
// { dg-set-target-env-var DEEPMAP_STATS "1" }
// { dg-output "deepmap: device 0 \\((emu|cuda)\\): h2d 12 transfers 96000 bytes, d2h 16 transfers 128000 bytes" { target offload_device } }
#include "call-reads-only.c"

// { dg-final { scan-deepmap-report "call-reads-only.c:69:1: deepmap: hoist: 'cur' copied from the device before a call that may see it \\(target update from\\)" } }
// { dg-final { scan-deepmap-report-not "call-reads-only.c:69:1: deepmap: hoist: '\[a-z\]+' copied to the device after a call" } }
