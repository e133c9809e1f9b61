/* A region that maps declare target variables (GCC then passes their
   addresses to it) and also reaches them by name, in a function it
   calls, sees one copy of each: what it writes through the one it reads
   through the other, as on a GPU, where both are the device variable.
   The emulated device, whose regions reach variables by name at their
   host addresses (holding the device values while a region runs), gives
   such a region the host address of the variable too, also at an
   offset into it (a section through a pointer), and for nowait
   regions.  Before, the region's writes through its argument were not
   seen by the function (OpenMP Examples' lambda_expressions.1, case
   4).  */
/* { dg-do run } */

#include "dm-check.h"

struct S { int a, b; };

#pragma omp declare target
struct S gs = { 0, 1 };
int garr[8];
static void
bump (void)
{
  gs.a = gs.b * 2;
  garr[3] = gs.a + garr[2];
}
#pragma omp end declare target

int
main (void)
{
  for (int round = 0; round < 2; round++)
    {
      gs.a = 0;
      gs.b = 1;
      for (int i = 0; i < 8; i++)
	garr[i] = i;
#pragma omp target update to(gs, garr)
      if (round == 0)
	{
	  int *q = &garr[2];
#pragma omp target map(always, tofrom: gs) map(always, tofrom: q[0:4])
	  {
	    gs.b += 2;
	    for (int i = 0; i < 4; i++)
	      q[i] += 10;
	    bump ();
	  }
	}
      else
	{
	  int *q = &garr[2];
#pragma omp target map(always, tofrom: gs) map(always, tofrom: q[0:4]) \
		   nowait
	  {
	    gs.b += 2;
	    for (int i = 0; i < 4; i++)
	      q[i] += 10;
	    bump ();
	  }
#pragma omp taskwait
	}
      CHECK (gs.a == 6 && gs.b == 3, "round %d: gs = { %d, %d }", round,
	     gs.a, gs.b);
      CHECK (garr[2] == 12 && garr[3] == 6 + 12 && garr[4] == 14
	     && garr[5] == 15, "round %d: garr[2..5] = %d %d %d %d", round,
	     garr[2], garr[3], garr[4], garr[5]);
    }
  return 0;
}
