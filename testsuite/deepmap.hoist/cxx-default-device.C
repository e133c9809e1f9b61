// default-device.c compiled as C++ (g++ -fplugin): a loop that changes
// the default device between its constructs keeps nothing on the device.
// { dg-options "-fplugin-arg-deepmap-report" }
// { dg-set-target-env-var DEEPMAP_DEVICES "emu,emu" }
#include "default-device.c"

// { dg-final { scan-deepmap-report "'a' not kept on the device across the loop at default-device.c:\[0-9\]+ because the loop changes the default device" } }
