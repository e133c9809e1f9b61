// speculative.c compiled as C++ (g++ -fplugin): a section no construct
// maps on every path through a loop is entered right before the first
// construct that maps it.
// { dg-options "-fplugin-arg-deepmap-report" }
// { dg-set-target-env-var DEEPMAP_CHECK "1" }
#include "speculative.c"

// { dg-final { scan-deepmap-report "speculative.c:34:9: deepmap: hoist: 'a' kept on the device across the loop at speculative.c:31 \\(enter data map\\(to\\), exit data map\\(from\\)\\), entered at the first construct that maps it \\(no construct maps it on every path\\)" } }
// { dg-final { scan-deepmap-report "speculative.c:47:9: deepmap: hoist: 'a' kept on the device across the loop at speculative.c:43 \\(enter data map\\(to\\), exit data map\\(from\\)\\), entered at the first construct that maps it \\(no construct maps it on every path\\)" } }
// { dg-final { scan-deepmap-report "speculative.c:60:9: deepmap: hoist: 'a' kept on the device across the loop at speculative.c:57 \\(enter data map\\(to\\), exit data map\\(from\\)\\), entered at the first construct that maps it \\(no construct maps it on every path\\)" } }
// { dg-final { scan-deepmap-report "speculative.c:83:9: deepmap: hoist: 'a' kept on the device across the loop at speculative.c:80 \\(enter data map\\(to\\), exit data map\\(from\\)\\), entered at the first construct that maps it \\(no construct maps it on every path\\)" } }
// { dg-final { scan-deepmap-report "speculative.c:96:9: deepmap: hoist: 'x' kept on the device across the loop at speculative.c:93 \\(enter data map\\(to\\), exit data map\\(from\\)\\), entered at the first construct that maps it \\(no construct maps it on every path\\)" } }
// { dg-final { scan-deepmap-report "speculative.c:71:9: deepmap: hoist: 'a' kept on the device across the loop at speculative.c:69 \\(enter data map\\(to\\), exit data map\\(from\\)\\)" } }
// { dg-final { scan-deepmap-report-not "speculative.c:71:9: deepmap: hoist: 'a' kept\[^\n\]*entered at the first" } }
// { dg-final { scan-deepmap-report "speculative.c:112:9: deepmap: hoist: 'a' kept on the device across the loop at speculative.c:110 \\(enter data map\\(to\\), exit data map\\(from\\)\\)" } }
// { dg-final { scan-deepmap-report-not "speculative.c:112:9: deepmap: hoist: 'a' kept\[^\n\]*entered at the first" } }
