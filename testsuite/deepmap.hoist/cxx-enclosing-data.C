// enclosing-data.c compiled as C++ (g++ -fplugin): a loop whose section
// the caller may hold in a target data region runs as written there.
// { dg-options "-fplugin-arg-deepmap-report" }
// { dg-require-effective-target offload_device_nonshared_as }
#include "enclosing-data.c"

// { dg-final { scan-deepmap-report "enclosing-data.c:17:9: deepmap: hoist: '\[^'\]*' kept on the device across the loop at enclosing-data.c:15" } }
