/* A bad DEEPMAP_DEEPCOPY value is an error naming the variable.  */
/* { dg-require-effective-target offload_device_nonshared_as } */
/* { dg-set-target-env-var DEEPMAP_DEEPCOPY "fastest" } */
/* { dg-shouldfail "bad DEEPMAP_DEEPCOPY" } */
/* { dg-output "deepmap: error: bad value 'fastest' of DEEPMAP_DEEPCOPY: expected base, tcpy, pcpy or batch" } */
#include <omp.h>

int
main (void)
{
  /* Any use of the runtime: it reads its settings when it is loaded.  */
  return omp_get_num_devices () < 0;
}
