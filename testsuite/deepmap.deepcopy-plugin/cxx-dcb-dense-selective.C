// The pointerchain paper's Dense program (bench/thirdparty/deepcopy-
// benchmark, its OpenMP port; MIT licence there) built with the plugin:
// automatic deep copy of the whole marshalled structure (q = 4, n = 100:
// 85 structures, their arrays, in one buffer, each object touching the
// next) by one enter data and one exit data of the root, four kernels
// over every level, three iterations (-DSELECTIVE: one kernel over
// one leaf, as deepcopy_selective.cpp); the program's own check counts
// wrong values and sets the exit status.  DEEPMAP_CHECK verifies the
// device copies' pointers and the host's at exit.
// { dg-require-effective-target offload_device_nonshared_as }
// { dg-options "-DVARIANT_AUTO -DSELECTIVE -w" }
// { dg-set-target-env-var DEEPMAP_CHECK "1" }
// { dg-output "dense-selective N=100 Q=4 bytes=\[0-9\]+ iters=3 .* errors=0" }
#define main dcb_dense_main
#include "../../bench/thirdparty/deepcopy-benchmark/omp/dense.cpp"
#undef main

int
main ()
{
  const char *argv[] = { "dense", "100", "4", "3", nullptr };
  return dcb_dense_main (4, argv);
}
