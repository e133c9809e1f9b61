/* A failing staged chunk names cuMemcpyHtoDAsync.  */
/* { dg-do run } */
/* { dg-set-target-env-var DEEPMAP_DEVICES "cuda" } */
/* { dg-set-target-env-var FAKECUDA_FAIL "cuMemcpyHtoDAsync:2" } */
/* { dg-set-target-env-var DEEPMAP_CUDA_CHUNK "1M" } */
/* { dg-set-target-env-var DEEPMAP_CUDA_DIRECT_MAX "64K" } */
/* { dg-set-target-env-var DEEPMAP_CUDA_RING_AFTER "0" } */
/* { dg-shouldfail "injected driver error" } */
/* { dg-output "deepmap: error: \[^\n\]*staged copy\[^\n\]*cuMemcpyHtoDAsync failed" } */

#define MAP_ERROR_BYTES ((size_t) 3 << 20)
#include "map-error.h"
