// enclosing-data-many.c compiled as C++ (g++ -fplugin): seventeen kept
// sections, tested absent on entry by one call over a table; inside a
// caller's target data holding one of them the loop runs as written.
// { dg-options "-fplugin-arg-deepmap-report" }
// { dg-require-effective-target offload_device_nonshared_as }
// { dg-set-target-env-var DEEPMAP_STATS "1" }
// { dg-output "deepmap: device 0 \\((emu|cuda)\\): h2d 66 transfers 12672 bytes, d2h 69 transfers 12684 bytes" { target offload_device } }
#include "enclosing-data-many.c"

// { dg-final { scan-deepmap-report "enclosing-data-many.c:28:9: deepmap: hoist: '\[^'\]*16\[^'\]*' kept on the device across the loop at enclosing-data-many.c:26" } }
