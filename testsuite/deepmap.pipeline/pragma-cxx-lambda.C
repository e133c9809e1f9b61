// #pragma deepmap pipeline inside a C++ lambda that captures its arrays
// by value: the pragma's names are the lambda's captures (the pragma was
// "not followed by a for loop" before: the lambda's body is a function of
// its own), a constant the lambda does not capture is its value, and the
// closure's pointers find the chunk's slots.
// { dg-require-effective-target offload_device_nonshared_as }
// { dg-set-target-env-var DEEPMAP_EMU_STRICT "1" }
#include <vector>
#include "check.h"

int
main ()
{
  const int nz = 40, m = 64;
  std::vector<double> a (nz * m), b (nz * m, -1.0), want (nz * m, -1.0);
  for (int x = 0; x < nz * m; x++)
    a[x] = x % 17;
  for (int k = 1; k < nz - 1; k++)
    for (int i = 0; i < m; i++)
      want[k * m + i] = a[(k - 1) * m + i] + 2 * a[k * m + i]
			+ a[(k + 1) * m + i];
  const double *A = a.data ();
  double *B = b.data ();
  auto sweep = [=] ()
  {
    #pragma deepmap pipeline(static[3,2]) pipeline_map(to: A[k*m-m:3*m]) pipeline_map(tofrom: B[k*m:m])
    for (int k = 1; k < nz - 1; k++)
      {
	#pragma omp target teams distribute parallel for
	for (int i = 0; i < m; i++)
	  B[k * m + i] = A[(k - 1) * m + i] + 2 * A[k * m + i]
			 + A[(k + 1) * m + i];
      }
  };
  sweep ();
  for (int x = 0; x < nz * m; x++)
    CHECK (b[x] == want[x], "b[%d] is %g, not %g", x, b[x], want[x]);
  return 0;
}
