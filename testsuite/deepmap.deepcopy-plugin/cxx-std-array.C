// std::array<T, N> is the program's T[N] in a struct of the library:
// deep copy follows the pointers of its elements, as in a plain array
// (it refused it as a library type holding pointers, so the pointees
// kept their host addresses: DEEPMAP_EMU_STRICT would stop).  Also at
// the top level, and nested std::arrays of plain data.
// { dg-require-effective-target offload_device_nonshared_as }
// { dg-set-target-env-var DEEPMAP_EMU_STRICT "1" }
#include <array>
#include "deeptests.h"

struct buf
{
  int n;
  double *p deepmap_counted_by (n);
};

struct state
{
  std::array<double, 8> coeff;
  std::array<buf, 3> bufs;
  std::array<std::array<int, 4>, 4> mat;
};

int
main ()
{
  state s;
  for (int i = 0; i < 8; i++)
    s.coeff[i] = i;
  for (int b = 0; b < 3; b++)
    {
      s.bufs[b].n = 10 * (b + 1);
      s.bufs[b].p = new double[s.bufs[b].n] ();
    }
  for (int i = 0; i < 4; i++)
    for (int j = 0; j < 4; j++)
      s.mat[i][j] = i * 4 + j;
  double trace = 0;
#pragma omp target map(tofrom: s, trace)
  {
    for (int b = 0; b < 3; b++)
      for (int k = 0; k < s.bufs[b].n; k++)
	s.bufs[b].p[k] = s.coeff[b] + k;
    for (int i = 0; i < 4; i++)
      trace += s.mat[i][i];
    s.coeff[7] = 77;
  }
  for (int b = 0; b < 3; b++)
    for (int k = 0; k < s.bufs[b].n; k++)
      CHECK (s.bufs[b].p[k] == b + k, "bufs[%d].p[%d] = %g", b, k,
	     s.bufs[b].p[k]);
  CHECK (trace == 30, "trace %g", trace);
  CHECK (s.coeff[7] == 77, "coeff[7] = %g", s.coeff[7]);

  std::array<buf, 3> top = s.bufs;
#pragma omp target map(tofrom: top)
  for (auto &b : top)
    b.p[b.n - 1] = -5;
  for (int b = 0; b < 3; b++)
    CHECK (s.bufs[b].p[s.bufs[b].n - 1] == -5, "top: bufs[%d]", b);
  for (auto &b : s.bufs)
    delete[] b.p;
  return 0;
}
