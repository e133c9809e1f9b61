/* A region whose host function has no nvptx kernel (a program built
   without -foffload=nvptx-none) runs on the host, as under GCC's own
   runtime: nothing is launched and the region sees the initial device.  */
/* { dg-do run } */
/* { dg-set-target-env-var DEEPMAP_DEVICES "cuda" } */

#include "cuda-check.h"

int
main (void)
{
  int x = 0, initial = -1;
  dm_require_device ();
#pragma omp target map(tofrom: x, initial)
  {
    x = 1;
    initial = omp_is_initial_device ();
  }
  CHECK (x == 1, "region did not run: x = %d", x);
  CHECK (initial == 1, "omp_is_initial_device () = %d in the fallback",
	 initial);
  struct fakecuda_launch l;
  CHECK (fk_last_launch (&l) == 0, "a kernel was launched");
  return 0;
}
