// many-apart.c compiled as C++ (g++ -fplugin): 20 pairs of sections
// tested apart on entry by one call of the unit's __deepmap_sections_apart.
// { dg-options "-fplugin-arg-deepmap-report" }
// { dg-set-target-env-var DEEPMAP_STATS "1" }
// { dg-output "deepmap: device 0 \\((emu|cuda)\\): h2d \[0-9\]+ transfers 18000 bytes, d2h \[0-9\]+ transfers 9600 bytes" { target offload_device } }
#include "many-apart.c"

// { dg-final { scan-deepmap-report "many-apart.c:28:9: deepmap: hoist: 'a' kept on the device across the loop at many-apart.c:26 \\(enter data map\\(to\\), exit data map\\(release\\)\\), not copied back: no construct writes it if the sections the compiler cannot tell apart do not overlap at run time" } }
