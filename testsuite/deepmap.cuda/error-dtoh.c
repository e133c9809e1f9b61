/* A failing device-to-host copy names cuMemcpyDtoHAsync.  */
/* { dg-do run } */
/* { dg-set-target-env-var DEEPMAP_DEVICES "cuda" } */
/* { dg-set-target-env-var FAKECUDA_FAIL "cuMemcpyDtoHAsync:1" } */
/* { dg-shouldfail "injected driver error" } */
/* { dg-output "deepmap: error: \[^\n\]*cuMemcpyDtoHAsync failed" } */

#include "map-error.h"
