// deep-count-grown.c compiled as C++ (g++ -fplugin): a structure whose
// count a kernel grows is not kept on the device across the loop.
// { dg-options "-fplugin-arg-deepmap-report" }
// { dg-set-target-env-var DEEPMAP_CHECK "1" }
#include "deep-count-grown.c"

// { dg-final { scan-deepmap-report "deep-count-grown.c:25:9: deepmap: hoist: missed: 'f' not kept on the device across the loop at deep-count-grown.c:23 because a construct's device code may change the structure's own bytes \\(its counts or pointers\\)" } }
