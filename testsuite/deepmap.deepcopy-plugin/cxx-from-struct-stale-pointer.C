// from-struct-stale-pointer.c built as C++: see there.
// { dg-require-effective-target offload_device_nonshared_as }
// { dg-additional-options "-Wno-deepmap" }
#include "from-struct-stale-pointer.c"
// { dg-output "from struct: ok" }
