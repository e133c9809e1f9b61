/* deep-runtime.c at -O2.  */
/* { dg-require-effective-target offload_device_nonshared_as } */
#include "deep-runtime.c"
/* { dg-output "deep copy ok" } */
