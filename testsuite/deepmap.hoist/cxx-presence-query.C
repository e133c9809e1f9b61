// presence-query.c built as C++: see there.
// { dg-options "-fplugin-arg-deepmap-report" }
#include "presence-query.c"
// { dg-final { scan-deepmap-report "presence-query.c:23:9: deepmap: hoist: missed: 'a' not kept on the device across the loop at presence-query.c:21 because the loop asks the runtime whether it is present" } }
// { dg-final { scan-deepmap-report "presence-query.c:23:9: deepmap: hoist: 'b' kept on the device across the loop" } }
