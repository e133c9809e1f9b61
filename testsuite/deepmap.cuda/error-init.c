/* cuInit failing for a reason other than no device is reported when DEEPMAP_DEVICES asks for CUDA.  */
/* { dg-do run } */
/* { dg-set-target-env-var DEEPMAP_DEVICES "cuda" } */
/* { dg-set-target-env-var FAKECUDA_FAIL "cuInit:1:999" } */
/* { dg-shouldfail "injected driver error" } */
/* { dg-output "deepmap: error: DEEPMAP_DEVICES names cuda devices, but none can be used: cuInit failed" } */

#include "map-error.h"
