/* omp_target_free of a pointer that omp_target_alloc did not return is an
   error naming omp_target_free.  */
/* { dg-do run } */
/* { dg-require-effective-target offload_device_nonshared_as } */
/* { dg-shouldfail "bad omp_target_free" } */
/* { dg-output "deepmap: error: \[^\n\]*omp_target_free" } */

#include "dm-check.h"

int
main (void)
{
  int dev = dm_dev ();
  char *d = omp_target_alloc (256, dev);
  CHECK (d != NULL, "omp_target_alloc");
  /* Inside the block, but not its start.  */
  omp_target_free (d + 16, dev);
  printf ("omp_target_free of an interior pointer was accepted\n");
  return 0;
}
