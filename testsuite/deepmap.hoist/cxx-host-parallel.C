// host-parallel.c compiled as C++ (g++ -fplugin): host parallel loops
// between the kernels of a time loop, one reading an array through a
// pointer shared by reference, another writing an array.
// { dg-options "-fplugin-arg-deepmap-report -w" }
// { dg-set-target-env-var DEEPMAP_CHECK "1" }
#include "host-parallel.c"

// { dg-final { scan-deepmap-report "'determ' kept on the device across the loop" } }
// { dg-final { scan-deepmap-report "'determ' copied from the device before a call that may see it" } }
// { dg-final { scan-deepmap-report-not "'determ' copied to the device after a call" } }
// { dg-final { scan-deepmap-report "'a' kept on the device across the loop" } }
// { dg-final { scan-deepmap-report-not "'a' copied" } }
// { dg-final { scan-deepmap-report "'b' kept on the device across the loop" } }
// { dg-final { scan-deepmap-report "'b' copied to the device after a call that may change it" } }
