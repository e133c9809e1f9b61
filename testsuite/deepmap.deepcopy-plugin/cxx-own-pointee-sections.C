// own-pointee-sections.c built as C++: see there.
// { dg-require-effective-target offload_device_nonshared_as }
// { dg-additional-options "-Wno-deepmap" }
#include "own-pointee-sections.c"
// { dg-output "own pointee sections: ok" }
