/* A target data maps a structure whose pointer has no count (deep copy
   maps one element) and kernels in a loop map sections of the pointee
   themselves, the first whole, the last all but its first element, after
   a host write to that element.  OpenMP's result: the host write stays.
   The last kernel reaches the pointee through deep copy as well as
   attaching the pointer itself: the pointer is left to the kernel's own
   entry, so the recorded structure is not replayed (which made the
   target data's end copy the stale element back over the host's
   write).  */
/* { dg-require-effective-target offload_device_nonshared_as } */
/* { dg-additional-options "-Wno-deepmap" } */
#include "deeptests.h"

typedef struct
{
  int n;
  double *p;
  double scale;
} S;

int
main (void)
{
  S s;
  s.n = 1000;
  s.scale = 2;
  s.p = (double *) xcalloc (s.n, sizeof (double));
  for (int i = 0; i < s.n; i++)
    s.p[i] = i;
#pragma omp target data map(tofrom: s)
  {
    for (int it = 0; it < 3; it++)
      {
#pragma omp target map(tofrom: s.p[0:s.n])
	for (int i = 0; i < s.n; i++)
	  s.p[i] = s.p[i] * s.scale + 1;
      }
    s.p[0] = -100;
#pragma omp target map(tofrom: s.p[1:s.n - 1])
    for (int i = 1; i < s.n; i++)
      s.p[i] += 0.5;
  }
  CHECK (s.p[0] == -100, "p[0] = %g", s.p[0]);
  for (int i = 1; i < s.n; i++)
    CHECK (s.p[i] == i * 8 + 7.5, "p[%d] = %g", i, s.p[i]);
  printf ("own pointee sections: ok\n");
  return 0;
}
/* { dg-output "own pointee sections: ok" } */
