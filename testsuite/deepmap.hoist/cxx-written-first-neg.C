// written-first-neg.c compiled as C++ (g++ -fplugin): where the device
// reads host bytes of Anew, they are copied in.
// { dg-options "-fplugin-arg-deepmap-report -w" }
#include "written-first-neg.c"

// { dg-final { scan-deepmap-report-not "not copied in: its constructs" } }
