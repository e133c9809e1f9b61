// A function-scope static declare target variable that a region maps
// (GCC passes its address) and a host lambda the region calls reaches
// by name: one variable on the device, so the lambda sees what the
// region wrote (OpenMP Examples' lambda_expressions.1, case 4, which
// printed "2 3" on the emulated device).
// { dg-do run }

#include "dm-check.h"

struct S { int a; int b; };

int
main ()
{
  static S ss = { 0, 1 };
#pragma omp declare target to(ss)
  auto twice = [&] () { ss.a = ss.b * 2; };
#pragma omp target map(always, from: ss)
  {
    ss.b += 2;
    twice ();
  }
  CHECK (ss.a == 6 && ss.b == 3, "ss = { %d, %d }", ss.a, ss.b);
  return 0;
}
