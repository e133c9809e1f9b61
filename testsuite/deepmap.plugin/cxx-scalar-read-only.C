// scalar-read-only.c under g++: a scalar the region maps tofrom and only
// reads is not copied back; one it writes, reduces into, takes the
// address of, and a global one, are.
// { dg-options "-fplugin-arg-deepmap-report -fplugin-arg-deepmap-hoist=off" }
// { dg-set-target-env-var DEEPMAP_STATS "1" }
// { dg-output "deepmap: device 0 \\((emu|cuda)\\): h2d \[0-9\]+ transfers 2424 bytes, d2h \[0-9\]+ transfers 2420 bytes" { target offload_device } }
#include "scalar-read-only.c"

// { dg-final { scan-deepmap-report "scalar-read-only.c:31:9: deepmap: target: 'n' is only read: not copied back \\(as map\\(to:\\)\\)" } }
// { dg-final { scan-deepmap-report-not "deepmap: target: '(w|r|a|g|s)' is only read" } }
