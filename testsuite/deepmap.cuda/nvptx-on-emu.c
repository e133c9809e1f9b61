/* A program built for a GPU (-foffload=nvptx-none: its nvptx image is
   registered) runs on a machine without one: the emulated device runs the
   regions' host versions, declare target and link variables included,
   and the program's output survives its exit (GCC's offload destructor
   unregisters the image after the devices have shut down).  */
/* { dg-do run } */
/* { dg-set-target-env-var DEEPMAP_DEVICES "emu" } */
/* { dg-output "sum 4950 gv 6 lv 120" } */

#include "nvptx-vars.h"

int
main (void)
{
  dm_require_device ();
  int a[100], sum = 0;
  for (int i = 0; i < 100; i++)
    a[i] = i;
  for (int i = 0; i < 16; i++)
    lv[i] = i;
#pragma omp target map(to: a) map(tofrom: sum)
  for (int i = 0; i < 100; i++)
    sum += a[i];
#pragma omp target
  gv++;
#pragma omp target update from(gv)
  int lsum = 0;
#pragma omp target map(to: lv) map(tofrom: lsum)
  for (int i = 0; i < 16; i++)
    lsum += lv[i];
  CHECK (sum == 4950 && gv == 6 && lsum == 120, "sum %d gv %d lv %d", sum,
	 gv, lsum);
  printf ("sum %d gv %d lv %d\n", sum, gv, lsum);
  return 0;
}
