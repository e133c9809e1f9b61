// deep-writes-kept.c compiled as C++ (g++ -fplugin): an array that a
// structure mapped as a deep item points to, written by that item's
// kernel, is not kept on the device by another construct's map of it.
// { dg-options "-fplugin-arg-deepmap-report -w" }
// { dg-set-target-env-var DEEPMAP_CHECK "1" }
// { dg-output "to: 368d1ac5 c5e5a165 de64fe25 9218b785\[\r\n\]+tofrom: 368d1ac5 edd002a5 de64fe25 b2146805 acc 0000057f\[\r\n\]+nested: 368d1ac5 c5e5a165 9cb82f85 bf4c37c5 acc 04a0bac7" { target offload_device } }
#include "deep-writes-kept.c"

// { dg-final { scan-deepmap-report "deep-writes-kept.c:\[0-9\]+:\[0-9\]+: deepmap: hoist: missed: 'g->a0' not kept" } }
// { dg-final { scan-deepmap-report "deep-writes-kept.c:\[0-9\]+:\[0-9\]+: deepmap: hoist: missed: 'g->a1' not kept" } }
// { dg-final { scan-deepmap-report "deep-writes-kept.c:\[0-9\]+:\[0-9\]+: deepmap: hoist: missed: 'g->a2' not kept" } }
