// DEEPMAP_CHECK on cxx-exceptions-write.C: when the call throws, the
// landing pad's exit data only releases the array whose host bytes the
// call changed on purpose, and its record says so
// (DEEPMAP_HOIST_HOST_CURRENT): no false error there, while every
// normal exit is still checked.
// { dg-set-target-env-var DEEPMAP_CHECK "1" }
#include "cxx-exceptions-write.C"
