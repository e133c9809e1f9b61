// region-stores-exit.c built as C++: see there.
// { dg-require-effective-target offload_device_nonshared_as }
#include "region-stores-exit.c"
// { dg-output "region stores then exit: ok" }
