/* A pointer the region uses without mapping it (GCC maps it implicitly
   as a zero-length array section) points into an array the same
   construct maps, or equals its start: its device copy is the device
   address of that byte.  GCC lists the pointer's section before the
   array's, and it was looked up before the array was mapped: NULL on
   the device, and the region faulted.  */
/* { dg-do run } */

#include <stdlib.h>
#include "dm-check.h"

int
main (void)
{
  int n = 16;
  double *a = (double *) malloc (n * sizeof *a);
  CHECK (a != NULL);
  for (int i = 0; i < n; i++)
    a[i] = i;
  double *p = a + 1, *q = a, r = 0;
  int same = 0;
#pragma omp target map(tofrom: a[0:n]) map(from: r, same)
  {
    r = p[0] + q[3] + a[0];
    p[2] = 100;
    same = q == a;
  }
  CHECK (r == 4.0, "r is %g, not 4", r);
  CHECK (same, "the two pointers to the array's start differ on the device");
  CHECK (a[3] == 100, "a[3] is %g: the store through p did not come back",
	 a[3]);
  free (a);
  return 0;
}
