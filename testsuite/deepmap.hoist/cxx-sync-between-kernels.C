// sync-between-kernels.c compiled as C++ (g++ -fplugin): a task or
// another thread's atomic handoff between a loop's kernels keeps the
// array from being kept across the loop.
// { dg-options "-fplugin-arg-deepmap-report" }
#include "sync-between-kernels.c"

// { dg-final { scan-deepmap-report "'a' not kept on the device across the loop at sync-between-kernels.c:\[0-9\]+ because the loop creates or waits for tasks, or synchronizes with other threads" } }
// { dg-final { scan-deepmap-report "'b' not kept on the device across the loop at sync-between-kernels.c:\[0-9\]+ because the loop creates or waits for tasks, or synchronizes with other threads" } }
