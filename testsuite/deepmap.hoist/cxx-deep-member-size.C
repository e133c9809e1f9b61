// deep-member-size.c compiled as C++ (g++ -fplugin): sizes that are
// members of a deep item's structure, local to the function, are read
// once before the loop.
// { dg-options "-fplugin-arg-deepmap-report -w" }
// { dg-set-target-env-var DEEPMAP_CHECK "1" }
// { dg-output "622500" { target offload_device } }
#include "deep-member-size.c"

// { dg-final { scan-deepmap-report "deep-member-size.c:\[0-9\]+:\[0-9\]+: deepmap: hoist: 'grid' kept on the device across the loop" } }
// { dg-final { scan-deepmap-report "deep-member-size.c:\[0-9\]+:\[0-9\]+: deepmap: hoist: 'verification' kept on the device across the loop" } }
