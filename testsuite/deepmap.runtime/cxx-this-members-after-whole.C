// A member function's region that maps this->h[0:N] and this->size: GCC
// 12 maps the object whole first (tofrom), then the two members as a
// structure, inside what the construct's first item mapped.  Since the
// lambda fix (cxx-lambda-reference-capture.C) the structure check
// ignores what the construct itself mapped, and the members were then
// grouped into one count although their segments were the first item's:
// "deepmap: error: internal error: mapping [...) is not in its table"
// (SOLLVE V&V's 5.0 test_target_map_classes_default.cpp).  The members
// share one count only where none of their bytes was present at all.
// { dg-require-effective-target offload_device }
// { dg-set-target-env-var DEEPMAP_EMU_STRICT "1" }
#include "check.h"

#define N 1000

struct counts
{
  int h[N];
  int size;
  counts () : size (N)
  {
    for (int i = 0; i < N; i++)
      h[i] = i;
  }
  void bump ()
  {
#pragma omp target map(this->h[0:N]) map(size)
    for (int i = 0; i < size; ++i)
      h[i] += 1;
  }
};

int
main ()
{
  counts *p = new counts;
  p->bump ();
  p->bump ();
  for (int i = 0; i < N; i++)
    CHECK (p->h[i] == i + 2, "h[%d] = %d", i, p->h[i]);
  delete p;
  return 0;
}
