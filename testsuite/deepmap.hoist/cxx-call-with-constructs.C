// call-with-constructs.c compiled as C++ (g++ -fplugin): a section a
// function with target constructs, called in the loop, may map is not
// kept across the loop.
// { dg-options "-fplugin-arg-deepmap-report -w" }
// { dg-set-target-env-var DEEPMAP_CHECK "1" }
#include "call-with-constructs.c"

// { dg-final { scan-deepmap-report "call-with-constructs.c:\[0-9\]+:\[0-9\]+: deepmap: hoist: 'a' kept on the device from the construct at call-with-constructs.c:\[0-9\]+ to the construct at" } }
// { dg-final { scan-deepmap-report-not "'a' kept on the device across the loop" } }
