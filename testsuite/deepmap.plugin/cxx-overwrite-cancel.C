// overwrite-cancel.c compiled as C++ (g++ -fplugin): a region a cancel
// construct may leave is not taken as storing its item in full.
// { dg-options "-fplugin-arg-deepmap-report -fplugin-arg-deepmap-hoist=off" }
// { dg-set-target-env-var OMP_CANCELLATION "true" }
#include "overwrite-cancel.c"

// { dg-final { scan-deepmap-report-not "overwrite-cancel.c:24:9: deepmap: target: '\\*out' is stored to in full" } }
// { dg-final { scan-deepmap-report "overwrite-cancel.c:35:9: deepmap: target: '\\*all' is stored to in full before it is read" } }
