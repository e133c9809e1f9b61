// run-then-promote.c compiled as C++.
// { dg-options "-fplugin-arg-deepmap-report" }
#include "run-then-promote.c"
