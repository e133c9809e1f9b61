// shared-cell.c compiled as C++ (g++ -fplugin): an array shared by
// reference with a host parallel loop that only reads it is private to
// the function; reads of a structure through a global pointer need no
// copy of it.
// { dg-options "-fplugin-arg-deepmap-report -w" }
// { dg-set-target-env-var DEEPMAP_CHECK "1" }
#include "shared-cell.c"

// { dg-final { scan-deepmap-report "'determ' kept on the device across the loop" } }
// { dg-final { scan-deepmap-report "'determ' copied from the device before a call that may see it" } }
// { dg-final { scan-deepmap-report-not "'determ' copied from the device before a host read" } }
// { dg-final { scan-deepmap-report-not "'determ' copied from the device before the host loop" } }
// { dg-final { scan-deepmap-report-not "'determ' copied to the device" } }
// { dg-final { scan-deepmap-report "'e' kept on the device across the loop" } }
// { dg-final { scan-deepmap-report "'e' copied from the device before a host read" } }
