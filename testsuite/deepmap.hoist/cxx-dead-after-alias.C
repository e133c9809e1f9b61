// dead-after-alias.c compiled as C++ (g++ -fplugin): a kept local array
// read after the loop through a pointer or a memcpy is copied back.
// { dg-options "-fplugin-arg-deepmap-report" }
// { dg-set-target-env-var DEEPMAP_CHECK "1" }
#include "dead-after-alias.c"

// { dg-final { scan-deepmap-report-not "dead-after-alias.c:20:9: deepmap: hoist: 'x' \[^\n\]*nothing reads it afterwards" } }
// { dg-final { scan-deepmap-report-not "dead-after-alias.c:33:9: deepmap: hoist: 'x' \[^\n\]*nothing reads it afterwards" } }
// { dg-final { scan-deepmap-report-not "dead-after-alias.c:49:9: deepmap: hoist: 'x' \[^\n\]*nothing reads it afterwards" } }
// { dg-final { scan-deepmap-report "dead-after-alias.c:62:9: deepmap: hoist: 'x' kept on the device across the loop at dead-after-alias.c:60 \\(enter data map\\(to\\), exit data map\\(release\\)\\), not copied back: nothing reads it afterwards" } }
