// data-size-neg.c compiled as C++ (g++ -fplugin): a count or a pointer
// that may change keeps the sections it sizes or addresses from being
// kept; one a kernel changes only in its firstprivate copy does not.
// { dg-options "-fplugin-arg-deepmap-report" }
// { dg-set-target-env-var DEEPMAP_CHECK "1" }
#include "data-size-neg.c"

// { dg-final { scan-deepmap-report "data-size-neg.c:32:9: deepmap: hoist: 'a' kept on the device across the loop at data-size-neg.c:30 \\(enter data map\\(to\\), exit data map\\(from\\)\\)" } }
// { dg-final { scan-deepmap-report "data-size-neg.c:57:9: deepmap: hoist: missed: 'a' not kept on the device across the loop at data-size-neg.c:55 because its address or size is computed in the loop" } }
// { dg-final { scan-deepmap-report "data-size-neg.c:110:9: deepmap: hoist: missed: 'a' not kept on the device across the loop at data-size-neg.c:108 because its address or size is computed in the loop" } }
// { dg-final { scan-deepmap-report "data-size-neg.c:134:9: deepmap: hoist: missed: 'a' not kept on the device across the loop at data-size-neg.c:132 because its address or size is computed in the loop" } }
// { dg-final { scan-deepmap-report "data-size-neg.c:88:9: deepmap: hoist: missed: 'a' not kept on the device across the loop at data-size-neg.c:86 because its address or size is computed in the loop" } }
