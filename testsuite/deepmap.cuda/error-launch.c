/* A failing launch names cuLaunchKernel.  */
/* { dg-do run } */
/* { dg-set-target-env-var DEEPMAP_DEVICES "cuda" } */
/* { dg-set-target-env-var FAKECUDA_FAIL "cuLaunchKernel:1" } */
/* { dg-shouldfail "injected driver error" } */
/* { dg-output "deepmap: error: \[^\n\]*cuLaunchKernel failed: too many resources" } */

#include "region-error.h"
