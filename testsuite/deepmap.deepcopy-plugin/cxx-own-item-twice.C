// own-item-twice.c built as C++: see there.
// { dg-require-effective-target offload_device_nonshared_as }
// { dg-set-target-env-var DEEPMAP_DEEP_REPLAY "0" }
#include "own-item-twice.c"
// { dg-output "own item twice: ok" }
