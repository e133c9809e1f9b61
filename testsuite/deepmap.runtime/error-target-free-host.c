/* omp_target_free on a device of a host pointer (never allocated on the
   device) is an error naming omp_target_free.  */
/* { dg-do run } */
/* { dg-require-effective-target offload_device_nonshared_as } */
/* { dg-shouldfail "bad omp_target_free" } */
/* { dg-output "deepmap: error: \[^\n\]*omp_target_free" } */

#include "dm-check.h"

int
main (void)
{
  static char host_buf[256];
  omp_target_free (host_buf, dm_dev ());
  printf ("omp_target_free of a host pointer was accepted\n");
  return 0;
}
