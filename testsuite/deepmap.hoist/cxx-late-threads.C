// late-threads.c compiled as C++ (g++ -fplugin): the runtime enters a
// late section before the first construct of the thread that runs the
// loop, not another thread's.
// { dg-options "-fplugin-arg-deepmap-report" }
// { dg-set-target-env-var DEEPMAP_CHECK "1" }
#include "late-threads.c"

// { dg-final { scan-deepmap-report "late-threads.c:26:9: deepmap: hoist: 'a' kept on the device across the loop at late-threads.c:23 \\(enter data map\\(to\\), exit data map\\(from\\)\\)\[^\n\]*, entered at the first construct that maps it \\(no construct maps it on every path\\)" } }
