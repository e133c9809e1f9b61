// many-sections.c compiled as C++ (g++ -fplugin): eighteen sections kept
// across a loop, the tests and the map kinds calls of the unit's own
// functions over the enter data's arrays; zero-length inputs, a caller
// that holds an output and an aliased call run as the host does.
// { dg-options "-fplugin-arg-deepmap-report -fdump-tree-all" }
// { dg-set-target-env-var DEEPMAP_STATS "1" }
// { dg-output "deepmap: device 0 \\((emu|cuda)\\): h2d \[0-9\]+ transfers 67200 bytes, d2h \[0-9\]+ transfers 34800 bytes" { target offload_device } }
#include "many-sections.c"

// { dg-final { scan-tree-dump-times "__deepmap_sections_absent \\(&deepmap_hoist" 1 "deepmap_hoist" } }
// { dg-final { scan-tree-dump-times "__deepmap_sections_apart \\(&deepmap_hoist" 1 "deepmap_hoist" } }
// { dg-final { scan-tree-dump-times "__deepmap_kinds \\(&deepmap_hoist" 2 "deepmap_hoist" } }
// { dg-final { scan-deepmap-report "many-sections.c:33:9: deepmap: hoist: 'a0' kept on the device across the loop at many-sections.c:31" } }
