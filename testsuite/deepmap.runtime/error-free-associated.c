/* omp_target_free of a block that omp_target_associate_ptr still uses as
   a host array's device copy: regions would go on using the freed bytes
   (and the pool would hand them out again).  One error line naming the
   block and the host address; a block freed after its disassociation,
   and one associated at an offset, are checked first.  */
/* { dg-do run } */
/* { dg-require-effective-target offload_device_nonshared_as } */
/* { dg-shouldfail "free of an associated block" } */
/* { dg-output "disassociated then freed: ok\n" } */
/* { dg-output "deepmap: error: omp_target_free \\(0x\[0-9a-f\]+, 0\\): the block is still associated with host 0x\[0-9a-f\]+ by omp_target_associate_ptr \\(omp_target_disassociate_ptr it first\\)" } */

#include "dm-check.h"

int
main (void)
{
  double *a = calloc (100, sizeof *a), *b = calloc (10, sizeof *b);
  void *d = omp_target_alloc (800, 0);
  CHECK (d != NULL, "omp_target_alloc");
  CHECK (omp_target_associate_ptr (a, d, 800, 0, 0) == 0, "associate");
  CHECK (omp_target_disassociate_ptr (a, 0) == 0, "disassociate");
  omp_target_free (d, 0);
  printf ("disassociated then freed: ok\n");
  fflush (stdout);
  d = omp_target_alloc (800, 0);
  CHECK (d != NULL, "omp_target_alloc");
  /* Associated at an offset inside the block.  */
  CHECK (omp_target_associate_ptr (b, d, 80, 400, 0) == 0, "associate");
  omp_target_free (d, 0);
#pragma omp target map(tofrom: b[0:10])
  b[0] = 1;
  printf ("not reached\n");
  return 0;
}
