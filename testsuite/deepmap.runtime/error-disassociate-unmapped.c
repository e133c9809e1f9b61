/* omp_target_disassociate_ptr of a pointer with no mapping at all is an
   error.  */
/* { dg-do run } */
/* { dg-require-effective-target offload_device_nonshared_as } */
/* { dg-shouldfail "not associated" } */
/* { dg-output "deepmap: error: \[^\n\]*omp_target_disassociate_ptr" } */

#include "dm-check.h"

int
main (void)
{
  int a[8] = { 0 };
  omp_target_disassociate_ptr (a, dm_dev ());
  printf ("disassociating an unmapped pointer was accepted\n");
  return 0;
}
