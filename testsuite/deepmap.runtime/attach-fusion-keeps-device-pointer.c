/* A pointer the program attached (map of s.p[0:4]) that a region then
   moves on the device (s.p += 2) keeps pointing at the same element
   when a later construct maps a larger section around its array, which
   fuses (moves) the array's device block: the device copy follows the
   block, it is not rewritten from the host pointer (which OpenMP leaves
   unchanged).  Before, fusion wrote the host's value, and the next
   region read a[0] instead of a[2].  */
/* { dg-do run } */
/* { dg-require-effective-target offload_device_nonshared_as } */

#include "dm-check.h"

struct vec
{
  int n;
  int *p;
};

int
main (void)
{
  static int a[16];
  struct vec s = { 4, a };
  int got = -1, got_after = -1;
  dm_require_device ();
  for (int i = 0; i < 16; i++)
    a[i] = 100 + i;

#pragma omp target enter data map(to: s) map(to: s.p[0:4])
#pragma omp target
  s.p += 2;
  /* The whole array: the block of a[0:4] moves into a new one.  */
#pragma omp target map(tofrom: a[0:16]) map(from: got)
  got = s.p[0];
#pragma omp target map(from: got_after)
  got_after = s.p[1];
#pragma omp target exit data map(release: s.p[0:4]) map(release: s)

  CHECK (got == 102);
  CHECK (got_after == 103);
  CHECK (s.p == a);		/* the host pointer keeps its value */
  for (int i = 0; i < 16; i++)
    CHECK (a[i] == 100 + i);
  printf ("attach fusion keeps the device pointer: ok\n");
  return 0;
}
/* { dg-output "attach fusion keeps the device pointer: ok" } */
