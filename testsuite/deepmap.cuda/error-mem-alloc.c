/* A failing cuMemAlloc ends in one error line.  */
/* { dg-do run } */
/* { dg-set-target-env-var DEEPMAP_DEVICES "cuda" } */
/* { dg-set-target-env-var FAKECUDA_FAIL "cuMemAlloc:1" } */
/* { dg-shouldfail "injected driver error" } */
/* { dg-output "deepmap: error: \[^\n\]*(cuMemAlloc failed|out of device memory)" } */

#include "map-error.h"
