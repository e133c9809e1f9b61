/* A device address the program got from use_device_ptr stays valid while
   its object stays mapped, also after a construct maps a new object
   right beside it in host memory: the directory used to fuse the two
   into one new block, moving the mapped one (SOLLVE V&V 5.0's
   use_device_addr test read a stale copy through the address it got).
   Blocks whose addresses were handed out only ever take new objects
   beside them, never move.  */
/* { dg-do run } */
/* { dg-require-effective-target offload_device_nonshared_as } */

#include "dm-check.h"

int
main (void)
{
  int v[2] = { 14, 0 };
  int *x = &v[0], *e = &v[1];
  int *xd = NULL, seen = -1, via_old = -1;
#pragma omp target data map(to: x[0:1])
  {
#pragma omp target data use_device_ptr(x)
    xd = x;
    CHECK (xd != NULL && xd != &v[0], "use_device_ptr gave %p", (void *) xd);
#pragma omp target map(to: x[0:1]) map(tofrom: e[0:1]) map(from: seen)
    {
      seen = x[0];
      x[0] = 5;
      e[0] = 1;
    }
#pragma omp target is_device_ptr(xd) map(from: via_old)
    via_old = *xd;
  }
  CHECK (seen == 14, "x in the region: %d", seen);
  CHECK (v[1] == 1, "e: %d", v[1]);
  CHECK (via_old == 5, "read through the address got before: %d", via_old);
  return 0;
}
