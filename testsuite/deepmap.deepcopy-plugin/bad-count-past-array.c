/* A counted_by count that runs past readable memory from an array whose
   first element is there: the count is larger than the array.  One
   error line, instead of a pointer left untranslated (a fault in the
   region on a GPU).  */
/* { dg-shouldfail "count past the array" } */
/* { dg-output "deepmap: error: deep copy: struct sample at 0x\[0-9a-f\]+: its pointer 'd' counts 1099511627776 elements of 8 bytes from 0x\[0-9a-f\]+, past readable memory: the count is larger than the array" } */
#include "deeptests.h"

struct sample
{
  long n;
  double *d deepmap_counted_by (n);
};

int
main (void)
{
  struct sample s = { 1L << 40, xcalloc (4, sizeof (double)) };
#pragma omp target map(tofrom: s)
  s.d[0] = 3;
  return 0;
}
