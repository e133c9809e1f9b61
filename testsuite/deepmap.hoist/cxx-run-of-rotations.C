// run-of-rotations.c compiled as C++.
// { dg-options "-fplugin-arg-deepmap-report" }
#include "run-of-rotations.c"
