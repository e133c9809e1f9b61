/* No primary context: the device cannot start.  */
/* { dg-do run } */
/* { dg-set-target-env-var DEEPMAP_DEVICES "cuda" } */
/* { dg-set-target-env-var FAKECUDA_FAIL "cuDevicePrimaryCtxRetain:1" } */
/* { dg-shouldfail "injected driver error" } */
/* { dg-output "deepmap: error: cannot start device 0 \\(cuda #0\\): \[^\n\]*cuDevicePrimaryCtxRetain failed" } */

#include "map-error.h"
