// square-size.c compiled as C++ (g++ -fplugin): a size mapped map(to:)
// that names itself twice in a section's length (n * n) in a loop.
// { dg-options "-fplugin-arg-deepmap-report" }
#include "square-size.c"

// { dg-final { scan-deepmap-report "square-size.c:15:9: deepmap: hoist: 'a' kept on the device across the loop at square-size.c:13" } }
