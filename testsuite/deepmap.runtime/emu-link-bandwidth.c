/* DEEPMAP_EMU_LINK with a bandwidth alone (no latency) is accepted and,
   as in emu-link.c, changes no result.  */
/* { dg-do run } */
/* { dg-require-effective-target offload_device_nonshared_as } */
/* { dg-set-target-env-var DEEPMAP_EMU_LINK "4G" } */

#include "emu-link.c"

/* { dg-output "emulated link: ok" } */
