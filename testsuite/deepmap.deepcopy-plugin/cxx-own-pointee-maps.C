// own-pointee-maps.c compiled as C++ (g++ -fplugin): a structure held
// by target data or enter data, its array mapped by the program itself
// at each kernel, host writes between and after the kernels.
// { dg-set-target-env-var DEEPMAP_CHECK "1" }
#include "own-pointee-maps.c"
