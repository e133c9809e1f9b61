// lto-call-no-constructs.c compiled as C++ (g++ -flto -fplugin): a
// callee that runs no target construct keeps nothing from being kept.
// { dg-options "-flto -fplugin-arg-deepmap-report -w" }
// { dg-set-target-env-var DEEPMAP_CHECK "1" }
// { dg-output "968.75\[\r\n\]+999.023" { target offload_device } }
#include "lto-call-no-constructs.c"

// { dg-final { scan-deepmap-report "lto-call-no-constructs.c:\[0-9\]+:\[0-9\]+: deepmap: hoist: 'a' kept on the device across the loop" } }
