/* A failing wait for a synchronous copy names cuStreamSynchronize.  */
/* { dg-do run } */
/* { dg-set-target-env-var DEEPMAP_DEVICES "cuda" } */
/* { dg-set-target-env-var FAKECUDA_FAIL "cuStreamSynchronize:1" } */
/* { dg-shouldfail "injected driver error" } */
/* { dg-output "deepmap: error: \[^\n\]*cuStreamSynchronize failed: unspecified launch failure" } */

#include "map-error.h"
