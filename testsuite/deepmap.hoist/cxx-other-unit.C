// other-unit.c compiled as C++ (g++ -fplugin): a call of a function of
// another translation unit, or through a pointer, may run target
// constructs; an array it may reach is not kept across it.
// { dg-options "-fplugin-arg-deepmap-report" }
// { dg-additional-sources "lto/cxx-other-unit-smooth.C" }
// { dg-set-target-env-var DEEPMAP_CHECK "1" }
#include "other-unit.c"

// { dg-final { scan-deepmap-report "'a' not kept on the device across the loop at other-unit.c:\[0-9\]+ because a call in the loop of a function the unit does not define may run target constructs that may map it" } }
// { dg-final { scan-deepmap-report "'b' not kept on the device across the loop at other-unit.c:\[0-9\]+ because a call through a pointer in the loop may run target constructs that may map it" } }
// { dg-final { scan-deepmap-report-not "'a' kept on the device across the loop" } }
