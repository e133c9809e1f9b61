/* omp_target_memcpy into a constant table (read-only memory of the
   program): the write would fault inside the runtime.  One error line
   naming the call and the range, for a copy from the device and from
   the host alike (this test: from the host).  */
/* { dg-do run } */
/* { dg-shouldfail "copy into read-only memory" } */
/* { dg-output "deepmap: error: omp_target_memcpy of 16 bytes from 0x\[0-9a-f\]+ on device \[0-9\]+ to 0x\[0-9a-f\]+ on device \[0-9\]+ failed: host \\\[0x\[0-9a-f\]+, 0x\[0-9a-f\]+\\) is read-only memory \\(a constant or string literal\\): it cannot be written" } */

#include "dm-check.h"

static const double table[4] = { 1, 2, 3, 4 };

int
main (void)
{
  int host = omp_get_initial_device ();
  double x[2] = { 5, 6 };
  double *t = (double *) table;
  omp_target_memcpy (t, x, sizeof x, 0, 0, host, host);
  printf ("not reached %g\n", table[0]);
  return 0;
}
