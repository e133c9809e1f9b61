// cxx-dcb-dense.C with -DSELECTIVE: the pointerchain paper's
// deepcopy_selective.cpp (the same structure, one kernel over one
// leaf), built with the plugin, its own check, under DEEPMAP_CHECK.
// { dg-require-effective-target offload_device_nonshared_as }
// { dg-options "-DVARIANT_AUTO -DSELECTIVE -w" }
// { dg-set-target-env-var DEEPMAP_CHECK "1" }
// { dg-output "dense-selective N=100 Q=4 bytes=\[0-9\]+ iters=3 .* errors=0" }
#include "cxx-dcb-dense.C"
