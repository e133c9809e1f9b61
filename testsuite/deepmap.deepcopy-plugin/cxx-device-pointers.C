// device-pointers.c compiled as C++ (g++ -fplugin): device addresses in
// an array of pointers and in a structure's pointer field are left as
// they are by deep copy (the one-element guess is warned about in the C
// test).
// { dg-options "-Wno-deepmap" }
// { dg-set-target-env-var DEEPMAP_CHECK "1" }
#include "device-pointers.c"
