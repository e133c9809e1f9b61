/* A kernel changes an object through a structure that enter data holds
   deep; a construct then names that object twice (two map items of the
   same address, a program's own, map(to:)), inside a target data of it;
   the structure's exit data must still copy the kernel's change back.
   Before, the second item took the first for deep copy's reference in
   the same construct and marked the object the program's (OWN_LAST), so
   the exit left it: the host kept its old value (random-deep seed 1213,
   program 75).  Without replay (map/replay.h), which hid it; C and C++
   (cxx-own-item-twice.C).  */
/* { dg-require-effective-target offload_device_nonshared_as } */
/* { dg-set-target-env-var DEEPMAP_DEEP_REPLAY "0" } */
#include "deeptests.h"

struct T0
{
  struct T0 *f0;
  unsigned f1;
};

__attribute__ ((noinline)) static void
step (struct T0 *r0)
{
#pragma omp target map(tofrom: r0[0:1])
  {
    r0->f1 += 1;
    if (r0->f0)
      r0->f0->f1 += 100;
  }
}

int
main (void)
{
  struct T0 *r0 = (struct T0 *) xcalloc (1, sizeof *r0);
  struct T0 *s0 = (struct T0 *) xcalloc (1, sizeof *s0);
  r0->f0 = s0;
  r0->f1 = 1;
  s0->f1 = 2;
  struct T0 *s1 = s0;
  unsigned acc0 = 0, acc1 = 0;
#pragma omp target enter data map(to: r0[0:1])
  step (r0);
#pragma omp target data map(to: s1[0:1])
  {
#pragma omp target map(to: s1[0:1], s0[0:1]) map(tofrom: acc0)
    acc0 = s1->f1 + s0->f1;
  }
#pragma omp target exit data map(from: r0[0:1])
  CHECK (r0->f1 == 2);
  CHECK (s0->f1 == 102);
#pragma omp target map(to: s0[0:1]) map(tofrom: acc1)
  acc1 = s0->f1;
  CHECK (acc0 == 204);
  CHECK (acc1 == 102);
  free (s0);
  free (r0);
  printf ("own item twice: ok\n");
  return 0;
}
/* { dg-output "own item twice: ok" } */
