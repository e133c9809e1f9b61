// cxx-aligned-pointees.C with the base deep copy strategy (one device
// block per object).
// { dg-require-effective-target offload_device_nonshared_as }
// { dg-set-target-env-var DEEPMAP_DEEPCOPY "base" }
#include "cxx-aligned-pointees.C"
