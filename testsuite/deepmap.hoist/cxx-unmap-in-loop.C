// unmap-in-loop.c compiled as C++ (g++ -fplugin): munmap and mmap with
// MAP_FIXED in the loop free the array as free would.
// { dg-options "-fplugin-arg-deepmap-report" }
// { dg-set-target-env-var DEEPMAP_CHECK "1" }
#include "unmap-in-loop.c"
// { dg-final { scan-deepmap-report "unmap-in-loop.c:18:9: deepmap: hoist: 'a' kept on the device from the construct at unmap-in-loop.c:18 to the construct at unmap-in-loop.c:27" } }
// { dg-final { scan-deepmap-report-not "deepmap: hoist: 'a' kept on the device across the loop" } }
