// annotate-between.c compiled as C++ (g++ -fplugin): an enter data that
// hoisting puts between a construct's run-time announcement of a deep
// item and the construct leaves the announcement to the construct.
// { dg-options "-fplugin-arg-deepmap-report -w" }
// { dg-set-target-env-var DEEPMAP_CHECK "1" }
#include "annotate-between.c"

// { dg-final { scan-deepmap-report "'acc' kept on the device from the construct at annotate-between.c:\[0-9\]+ to the construct at" } }
