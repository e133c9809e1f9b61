// unreadable-pointers.c compiled as C++ (g++ -fplugin): pointers to no
// readable memory are left as they are, readable ones followed.
// { dg-set-target-env-var DEEPMAP_CHECK "1" }
#include "unreadable-pointers.c"
