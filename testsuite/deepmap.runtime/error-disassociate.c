/* omp_target_disassociate_ptr of a pointer that is not associated (here:
   mapped by a map clause, not by omp_target_associate_ptr) is an
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
  int dev = dm_dev ();
#pragma omp target enter data map(to: a)
  omp_target_disassociate_ptr (a, dev);
  printf ("disassociating a mapped, not associated, pointer was "
	  "accepted\n");
  return 0;
}
