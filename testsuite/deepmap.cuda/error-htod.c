/* A failing host-to-device copy names cuMemcpyHtoDAsync.  */
/* { dg-do run } */
/* { dg-set-target-env-var DEEPMAP_DEVICES "cuda" } */
/* { dg-set-target-env-var FAKECUDA_FAIL "cuMemcpyHtoDAsync:1" } */
/* { dg-shouldfail "injected driver error" } */
/* { dg-output "deepmap: error: \[^\n\]*cuMemcpyHtoDAsync failed: invalid argument" } */

#include "map-error.h"
