// lto-nested-parallel.c compiled as C++ with -flto: lto1 reads in the
// nested parallel body to see that it does not write the input.
// { dg-options "-flto -fplugin-arg-deepmap-report" }
#include "lto-nested-parallel.c"

// { dg-final { scan-deepmap-report "lto-nested-parallel.c:29:9: deepmap: hoist: 'a' kept on the device across the loop at lto-nested-parallel.c:26 \\(enter data map\\(to\\), exit data map\\(release\\)\\)" } }
