// same-address.c compiled as C++ (g++ -fplugin): a structure and its
// first member mapped as two deep items of one construct, each expanded
// with its own type (the one-element guess is warned about in the C
// test).
// { dg-options "-Wno-deepmap" }
// { dg-set-target-env-var DEEPMAP_CHECK "1" }
#include "same-address.c"
