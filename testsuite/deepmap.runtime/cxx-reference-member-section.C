// A C++ reference member mapped as a zero-length array section: GCC
// passes the section and an always_pointer item for the reference.  Not
// mapped, the device copy of the reference is NULL (as GCC's libgomp
// stores: libgomp.c++/target-19.C); mapped by an earlier enter data, it
// binds to that mapping.  An earlier change stopped the first case with
// "cannot set the device copy of the pointer".
// { dg-do run }
// { dg-require-effective-target offload_device_nonshared_as }
#include "dm-check.h"

struct S
{
  char a[64];
  int (&r)[2];
  char b[64];
};

__attribute__ ((noinline)) static void
run (S s, int z)
{
  int err = 1, null_ref = 0;
#pragma omp target map(from: err, null_ref) map(tofrom: s.r[:z])
  {
    null_ref = (int *) s.r == (int *) 0;
    err = 0;
  }
  CHECK (!err && null_ref, "the unmapped reference is not NULL on the device");
#pragma omp target enter data map(to: s.r)
#pragma omp target map(from: err) map(tofrom: s.r[:z])
  err = s.r[0] != 6 || s.r[1] != 7;
  CHECK (!err, "the mapped reference does not reach its array");
#pragma omp target exit data map(release: s.r)
}

int
main ()
{
  int r[2] = { 6, 7 };
  S s = { {}, r, {} };
  run (s, 0);
  return 0;
}
