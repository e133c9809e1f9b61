/* The system libgomp everything else is forwarded to cannot be loaded:
   an error naming the path.  */
/* { dg-do run } */
/* { dg-require-effective-target offload_device } */
/* { dg-set-target-env-var DEEPMAP_SYSTEM_LIBGOMP "/nonexistent/libgomp.so.1" } */
/* { dg-shouldfail "no system libgomp" } */
/* { dg-output "deepmap: error: \[^\n\]*\[/\]nonexistent/libgomp\\.so\\.1" } */

#include "dm-check.h"

int
main (void)
{
  int sum = 0;
#pragma omp parallel reduction(+: sum)
  sum += 1;
  printf ("ran %d threads without the system libgomp\n", sum);
  return 0;
}
