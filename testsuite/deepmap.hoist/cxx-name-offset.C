// name-offset.c compiled as C++.
// { dg-options "-fplugin-arg-deepmap-report" }
#include "name-offset.c"

// { dg-final { scan-deepmap-report "name-offset.c:11:9: deepmap: hoist: '&a\\\[4\\\]' kept on the device across the loop at name-offset.c:9" } }
// { dg-final { scan-deepmap-report "name-offset.c:14:9: deepmap: hoist: '&b\\\[lo\\\]' kept on the device across the loop at name-offset.c:9" } }
