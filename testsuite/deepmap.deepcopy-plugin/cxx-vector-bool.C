// std::vector<bool> packs its bits behind iterators, not between two
// element pointers: deep copy leaves it alone, with a warning, instead
// of mapping one word at each of its pointers (which ran past the bit
// buffer and wrote garbage back over the host's bits).
// { dg-require-effective-target offload_device_nonshared_as }
#include <vector>
#include "deeptests.h"

struct flags
{
  int n;
  std::vector<bool> on; // { dg-warning "deepmap: 'on' of 'flags' is a 'std::vector<bool>', a type of a system header holding pointers: deep copy does not follow them" }
  std::vector<double> w;
};

int
main ()
{
  flags f;
  f.n = 1000;
  f.on.resize (1000);
  f.w.assign (1000, 1.0);
  for (int i = 0; i < 1000; i++)
    f.on[i] = i % 3 == 0;
  long size = -1;
#pragma omp target map(tofrom: f) map(from: size)
  {
    size = f.on.size ();
    for (int i = 0; i < f.n; i++)
      f.w[i] *= 2.0;
  }
  CHECK (size == 1000, "size %ld", size);
  for (int i = 0; i < 1000; i++)
    {
      CHECK (f.on[i] == (i % 3 == 0), "on[%d] changed", i);
      CHECK (f.w[i] == 2.0, "w[%d] = %g", i, f.w[i]);
    }
  return 0;
}
