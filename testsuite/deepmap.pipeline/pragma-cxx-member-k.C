// C++: in a member function of a class with a data member named k, the
// split's k is the loop's own (the pragma found the member and stopped
// with "'k' is not a variable").
// { dg-require-effective-target offload_device_nonshared_as }
#include <cstring>
#include <vector>
#include "check.h"

struct grid
{
  int k = 0;			// a wave number, say
  int m, nz;
  grid (int m_, int nz_) : m (m_), nz (nz_) {}
  void
  sweep (const float *a, float *b)
  {
    const int m = this->m, nz = this->nz;
    #pragma deepmap pipeline(static[2,2]) pipeline_map(to: a[k-1:3][0:m]) pipeline_map(tofrom: b[k:1][0:m])
    for (int k = 1; k < nz - 1; k++)
      {
	#pragma omp target teams distribute parallel for
	for (int i = 0; i < m; i++)
	  b[(size_t) k * m + i] = a[(size_t) (k - 1) * m + i]
				  + a[(size_t) (k + 1) * m + i];
      }
  }
};

int
main ()
{
  grid g (6, 15);
  size_t n = 6 * 15;
  std::vector<float> A (n), B (n, 1.0f), R (n, 1.0f);
  for (size_t x = 0; x < n; x++)
    A[x] = (float) x;
  for (int k = 1; k < 14; k++)
    for (int i = 0; i < 6; i++)
      R[k * 6 + i] = A[(k - 1) * 6 + i] + A[(k + 1) * 6 + i];
  g.sweep (A.data (), B.data ());
  for (size_t x = 0; x < n; x++)
    CHECK (B[x] == R[x], "B[%zu] is %g, not %g", x, B[x], R[x]);
  return 0;
}
