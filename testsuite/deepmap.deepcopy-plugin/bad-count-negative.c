/* A counted_by count that is negative is a bad count, not an empty
   array: one error line naming the type, the object and the pointer
   (the pointer was left untranslated, and a region that used it faulted
   on the device or read the host's memory).  */
/* { dg-shouldfail "negative count" } */
/* { dg-output "deepmap: error: deep copy: struct sample at 0x\[0-9a-f\]+: the count of its pointer 'd' is -5: a count is never negative" } */
#include "deeptests.h"

struct sample
{
  int n;
  double *d deepmap_counted_by (n);
};

int
main (void)
{
  struct sample s = { -5, xcalloc (4, sizeof (double)) };
#pragma omp target map(tofrom: s)
  {
    if (s.n > 0)
      s.d[0] = 3;
  }
  return 0;
}
