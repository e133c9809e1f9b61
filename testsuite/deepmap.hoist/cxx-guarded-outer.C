// guarded-outer.c compiled as C++ (g++ -fplugin): a section kept across
// a run inside a loop that keeps another section only under its run-time
// test; called with overlapping arrays the run must test them apart too.
// { dg-options "-fplugin-arg-deepmap-report" }
// { dg-require-effective-target offload_device_nonshared_as }
#include "guarded-outer.c"

// { dg-final { scan-deepmap-report "guarded-outer.c:32:9: deepmap: hoist: 'p0' kept on the device from the construct at guarded-outer.c:25 to the construct at guarded-outer.c:32 \\(enter data map\\(to\\), exit data map\\(release\\)\\)\[^\n]* if the sections the compiler cannot tell apart do not overlap at run time" } }
// { dg-final { scan-deepmap-report "guarded-outer.c:25:9: deepmap: hoist: 'p1' kept on the device across the loop at guarded-outer.c:21" } }
