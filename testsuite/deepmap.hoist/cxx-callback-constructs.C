// callback-constructs.c compiled as C++ (g++ -fplugin): qsort's
// comparator runs a construct on the array the loop's kernels use, so
// the loop does not keep it; a comparator without constructs leaves it
// kept.
// { dg-options "-fplugin-arg-deepmap-report" }
// { dg-set-target-env-var DEEPMAP_CHECK "1" }
#include "callback-constructs.c"

// { dg-final { scan-deepmap-report "callback-constructs.c:65:3: deepmap: hoist: missed: 'a' not kept on the device across the loop at callback-constructs.c:65 because a call in the loop may call back a function that runs target constructs that may map it" } }
// { dg-final { scan-deepmap-report "callback-constructs.c:71:3: deepmap: hoist: 'a' kept on the device across the loop at callback-constructs.c:71" } }
