// region-stores-fusion.c built as C++: see there.
// { dg-require-effective-target offload_device_nonshared_as }
#include "region-stores-fusion.c"
// { dg-output "region stores survive fusion: ok" }
