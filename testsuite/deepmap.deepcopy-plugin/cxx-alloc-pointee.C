// alloc-pointee.c built as C++: see there.
// { dg-require-effective-target offload_device_nonshared_as }
// { dg-additional-options "-Wno-deepmap" }
#include "alloc-pointee.c"
// { dg-output "alloc pointee: ok" }
