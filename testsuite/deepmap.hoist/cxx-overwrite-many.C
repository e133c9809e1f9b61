// overwrite-many.c compiled as C++ (g++ -fplugin): twenty kept sections
// a construct overwrites, none copied in.
// { dg-options "-fplugin-arg-deepmap-report" }
// { dg-set-target-env-var DEEPMAP_STATS "1" }
// { dg-output "deepmap: device 0 \\((emu|cuda)\\): h2d 0 transfers 0 bytes, d2h 20 transfers 10240 bytes" { target offload_device } }
#include "overwrite-many.c"
