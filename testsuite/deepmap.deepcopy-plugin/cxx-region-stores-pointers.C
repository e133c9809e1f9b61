// region-stores-pointers.c built as C++: see there.
// { dg-require-effective-target offload_device_nonshared_as }
#include "region-stores-pointers.c"
// { dg-output "region stores pointers: ok" }
