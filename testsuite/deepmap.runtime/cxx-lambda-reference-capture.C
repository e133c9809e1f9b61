// A lambda that captures a variable by reference, with a target region in
// its body: GCC 12 maps the closure (to), then the variable the reference
// names as an element of the closure's structure, though it lies outside
// the closure.  deepmap took the closure, mapped by the construct's own
// earlier item, for an existing mapping the element was missing from
// ("Trying to map into device ... structure element when other mapped
// elements from the same structure weren't mapped together with it");
// libgomp looks every item up before it maps any, as deepmap now does for
// a structure's elements.
// { dg-require-effective-target offload_device_nonshared_as }
// { dg-set-target-env-var DEEPMAP_EMU_STRICT "1" }
#include <cstdlib>
#include "check.h"

int
main ()
{
  int n = 1000;
  double *b = (double *) calloc (n, sizeof (double));
  auto add = [&n, b] (int r)
  {
    #pragma omp target teams distribute parallel for
    for (int i = 0; i < n; i++)
      b[i] += r * i;
  };
  #pragma omp target data map(tofrom: b[0:n])
  for (int r = 1; r <= 3; r++)
    add (r);
  for (int i = 0; i < n; i++)
    CHECK (b[i] == 6.0 * i, "b[%d] is %g, not %g", i, b[i], 6.0 * i);
  free (b);
  return 0;
}
