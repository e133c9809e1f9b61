/* map(always, from: s) of a deep structure on a target construct: the
   pointees an enclosing target data holds come back at the region's end
   as the structure does (they came back only when their own count
   reached zero; the plugin also mapped the structure shallow where the
   region used none of its pointers); a pointee new to the construct is
   mapped tofrom, as a from structure's are, so bytes the region does not
   write come back unchanged.  */
/* { dg-require-effective-target offload_device_nonshared_as } */
#include "deeptests.h"

struct S
{
  int n;
  double *d deepmap_counted_by (n);
  double x;
};

int
main (void)
{
  struct S s = { 4, xcalloc (4, sizeof (double)), 0 };
#pragma omp target data map(tofrom: s)
  {
#pragma omp target
    {
      s.x = 6;
      s.d[1] = 6;
    }
#pragma omp target map(always, from: s)
    {
    }
    CHECK (s.x == 6, "root: x = %g", s.x);
    CHECK (s.d[1] == 6, "held pointee: d[1] = %g", s.d[1]);
  }
  /* Nothing present: the pointees are mapped tofrom, as a from
     structure's are.  */
  struct S t = { 4, xcalloc (4, sizeof (double)), 0 };
  t.d[0] = 5;
#pragma omp target map(always, from: t)
  t.d[3] = 9;
  CHECK (t.d[0] == 5 && t.d[3] == 9, "new pointee: d[0] = %g, d[3] = %g",
	 t.d[0], t.d[3]);
  free (t.d);
  free (s.d);
  return 0;
}
