// parallel-target.c compiled as C++ (g++ -fplugin): a host parallel
// region or task whose body runs target constructs on an array keeps it
// from being kept across the loop.
// { dg-options "-fplugin-arg-deepmap-report" }
// { dg-set-target-env-var DEEPMAP_CHECK "1" }
#include "parallel-target.c"

// { dg-final { scan-deepmap-report "'a' not kept on the device across the loop at parallel-target.c:\[0-9\]+ because a call in the loop runs target constructs that may map it" } }
// { dg-final { scan-deepmap-report "'b' not kept on the device across the loop at parallel-target.c:\[0-9\]+ because the loop creates or waits for tasks, or synchronizes with other threads" } }
