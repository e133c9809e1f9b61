// speculative.c compiled as C++ (g++ -fplugin): a section is kept
// across a loop only where a construct that maps it runs on every path
// through the loop, or where it is a variable's own bytes.
// { dg-options "-fplugin-arg-deepmap-report" }
// { dg-set-target-env-var DEEPMAP_CHECK "1" }
#include "speculative.c"

// { dg-final { scan-deepmap-report "speculative.c:30:9: deepmap: hoist: missed: 'a' not kept on the device across the loop at speculative.c:27 because no construct that maps it runs on every path through the loop" } }
// { dg-final { scan-deepmap-report "speculative.c:43:9: deepmap: hoist: missed: 'a' not kept on the device across the loop at speculative.c:39 because no construct that maps it runs on every path through the loop" } }
// { dg-final { scan-deepmap-report "speculative.c:55:9: deepmap: hoist: missed: 'a' not kept on the device across the loop at speculative.c:52 because no construct that maps it runs on every path through the loop" } }
// { dg-final { scan-deepmap-report "speculative.c:78:9: deepmap: hoist: missed: 'a' not kept on the device across the loop at speculative.c:75 because no construct that maps it runs on every path through the loop" } }
// { dg-final { scan-deepmap-report "speculative.c:91:9: deepmap: hoist: 'x' kept on the device across the loop at speculative.c:88" } }
