// cxx-own-pointee-maps.C with the record and replay of deep items on
// (DEEPMAP_CHECK turns them off): see own-pointee-maps-replayed.c.
// { dg-require-effective-target offload_device_nonshared_as }
#include "cxx-own-pointee-maps.C"
// { dg-output "own pointee maps: ok" }
