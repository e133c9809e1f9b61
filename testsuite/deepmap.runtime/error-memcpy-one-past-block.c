/* omp_target_memcpy at an offset one past the end of an omp_target_alloc
   block (an off-by-one: dst_offset = the block's size): the bytes written
   would be the pool's rounding after the block, or its neighbour's.  One
   error line naming the block; copies that end exactly at the block's end
   are accepted first.  */
/* { dg-do run } */
/* { dg-require-effective-target offload_device_nonshared_as } */
/* { dg-shouldfail "device range past its omp_target_alloc block" } */
/* { dg-output "copies inside: ok\n" } */
/* { dg-output "deepmap: error: omp_target_memcpy \\(destination\\): device \\\[0x\[0-9a-f\]+, 0x\[0-9a-f\]+\\) runs 8 bytes past the end of the 800-byte omp_target_alloc block at 0x\[0-9a-f\]+ on device 0" } */

#include "dm-check.h"

int
main (void)
{
  int host = omp_get_initial_device ();
  double h[100] = { 0 };
  double *d = omp_target_alloc (sizeof h, 0);
  CHECK (d != NULL, "omp_target_alloc");
  CHECK (omp_target_memcpy (d, h, sizeof h, 0, 0, 0, host) == 0, "whole");
  CHECK (omp_target_memcpy (d, h, 8, sizeof h - 8, 0, 0, host) == 0, "last");
  CHECK (omp_target_memcpy (h, d, 8, 0, sizeof h - 8, host, 0) == 0, "back");
  printf ("copies inside: ok\n");
  fflush (stdout);
  omp_target_memcpy (d, h, 8, sizeof h, 0, 0, host);
  printf ("not reached\n");
  return 0;
}
