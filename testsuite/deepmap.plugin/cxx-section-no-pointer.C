// section-no-pointer.c compiled as C++ (g++ -fplugin): a section of
// structures whose region uses none of their pointers is plain data.
// { dg-options "-fplugin-arg-deepmap-report" }
#include "section-no-pointer.c"

// { dg-final { scan-deepmap-report "section-no-pointer.c:27:9: deepmap: target: '\\*pts' shallow: the region uses none of its pointers" } }
// { dg-final { scan-deepmap-report "section-no-pointer.c:37:9: deepmap: target: '\\*pts' deep" } }
// { dg-final { scan-deepmap-report "section-no-pointer.c:55:9: deepmap: target: '\\*pts' deep" } }
