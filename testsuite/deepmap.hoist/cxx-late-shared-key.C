// late-shared-key.c compiled as C++ (g++ -fplugin): where two calls of
// the loop pass one outlined function, the plugin enters a late section
// itself, right before its own call.
// { dg-options "-fplugin-arg-deepmap-report" }
// { dg-set-target-env-var DEEPMAP_CHECK "1" }
#include "late-shared-key.c"

// { dg-final { scan-deepmap-report "late-shared-key.c:18:9: deepmap: hoist: 'a' kept on the device across the loop at late-shared-key.c:26 \\(enter data map\\(to\\), exit data map\\(from\\)\\)\[^\n\]*, entered at the first construct that maps it \\(no construct maps it on every path\\)" } }
