// firstprivate-read.c compiled as C++ (g++ -fplugin): a construct's
// firstprivate copy of a kept double, array or structure sees what the
// device wrote, in a loop and in a run of constructs.
// { dg-options "-fplugin-arg-deepmap-report" }
// { dg-set-target-env-var DEEPMAP_CHECK "1" }
#include "firstprivate-read.c"

// { dg-final { scan-deepmap-report "firstprivate-read.c:27:9: deepmap: hoist: 'x' copied from the device before a construct whose firstprivate copy reads it \\(target update from\\)" } }
// { dg-final { scan-deepmap-report "firstprivate-read.c:27:9: deepmap: hoist: 'st' copied from the device before a construct whose firstprivate copy reads it" } }
// { dg-final { scan-deepmap-report "firstprivate-read.c:27:9: deepmap: hoist: 'y' copied from the device before a construct whose firstprivate copy reads it" } }
// { dg-final { scan-deepmap-report "firstprivate-read.c:48:9: deepmap: hoist: 's' copied from the device before a construct whose firstprivate copy reads it" } }
