/* A zero-length section through a pointer member that was never set
   (XSBench's unused grids in its nuclide and hash modes: map(to:
   s.b[:s.m]) with s.m == 0 and s.b garbage): nothing may be read through
   the pointer, so its device copy keeps the host value, as later GCCs'
   libgomp does.  The runtime stopped with "what it points to (host
   0x19) is not mapped" (GCC 12's libgomp stops too); an outside
   campaign ran XSBench so.  */
/* { dg-do run } */
/* { dg-require-effective-target offload_device_nonshared_as } */

#include <stdint.h>
#include <stdlib.h>
#include "dm-check.h"

struct grids
{
  int n;
  int *a;
  int m;
  double *b;
};

int
main (void)
{
  struct grids s;
  s.n = 4;
  s.a = (int *) malloc (4 * sizeof (int));
  CHECK (s.a);
  for (int i = 0; i < 4; i++)
    s.a[i] = i;
  s.m = 0;
  s.b = (double *) (uintptr_t) 0x19;
  int sum = 0;
  uintptr_t seen = 0;
#pragma omp target map(to: s.a[:s.n]) map(to: s.b[:s.m]) \
	map(tofrom: sum, seen)
  {
    for (int i = 0; i < s.n; i++)
      sum += s.a[i];
    seen = (uintptr_t) s.b;
  }
  CHECK (sum == 6);
  CHECK (seen == 0x19);
  return 0;
}
