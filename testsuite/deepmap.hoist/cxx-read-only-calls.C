// read-only-calls.c compiled as C++ (g++ -fplugin): an input a lone
// construct maps tofrom and hands to a function that only reads it is
// not copied back; one the function writes, or a weak function's, is.
// { dg-options "-fplugin-arg-deepmap-report" }
// { dg-set-target-env-var DEEPMAP_STATS "1" }
// { dg-output "deepmap: device 0 \\((emu|cuda)\\): h2d \[0-9\]+ transfers 4800 bytes, d2h \[0-9\]+ transfers 4000 bytes" { target offload_device } }
#include "read-only-calls.c"

// { dg-final { scan-deepmap-report "read-only-calls.c:45:9: deepmap: target: 'in' is only read, so are the functions it is given: not copied back \\(as map\\(to:\\)\\)" } }
// { dg-final { scan-deepmap-report-not "read-only-calls.c:(52|59):9: deepmap: target: 'in' is only read" } }
