// if-target-reach.c compiled as C++ (g++ -fplugin): an array that a
// construct with an if clause may read on the host, through a
// structure's pointer, is not kept across the loop; arrays it cannot
// reach, or only through sections told apart at run time, are.
// { dg-options "-fplugin-arg-deepmap-report -w" }
// { dg-set-target-env-var DEEPMAP_CHECK "1" }
#include "if-target-reach.c"

// { dg-final { scan-deepmap-report "'g->a' not kept on the device across the loop at if-target-reach.c:\[0-9\]+ because a construct in the loop that may run on the host or another device may access it" } }
// { dg-final { scan-deepmap-report "'c' kept on the device across the loop at if-target-reach.c:\[0-9\]+ \[^\n\]* if the sections the compiler cannot tell apart do not overlap at run time" } }
// { dg-final { scan-deepmap-report "'d' kept on the device across the loop" } }
// { dg-final { scan-deepmap-report "'b' kept on the device across the loop at if-target-reach.c:\[0-9\]+ \[^\n\]* if the sections the compiler cannot tell apart do not overlap at run time" } }
