// lto-deep-writes-kept.c compiled as C++ (g++ -flto -fplugin): in lto1
// an item whose type may hold pointers counts as a deep item wherever
// that is the careful side.
// { dg-options "-flto -w" }
// { dg-set-target-env-var DEEPMAP_CHECK "1" }
// { dg-output "to: 368d1ac5 c5e5a165 de64fe25 9218b785\[\r\n\]+tofrom: 368d1ac5 edd002a5 de64fe25 b2146805 acc 0000057f\[\r\n\]+nested: 368d1ac5 c5e5a165 9cb82f85 bf4c37c5 acc 04a0bac7" { target offload_device } }
#include "deep-writes-kept.c"
