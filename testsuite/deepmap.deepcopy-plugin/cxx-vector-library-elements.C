// A std::vector whose elements are of a library type without pointers
// (std::complex) is mapped as its elements, like any other vector:
// size () and range-for work in a region and its changes come back, and
// nothing past the buffer is mapped (the ASan run).  A vector of a
// library type with pointers (std::string) is not followed, with a
// warning: both of its pointers keep their host values, so size () is
// still right in a region (no element past its buffer is mapped).
// DEEPMAP_EMU_STRICT: the complex vectors' pointers are translated.
// { dg-require-effective-target offload_device_nonshared_as }
// { dg-set-target-env-var DEEPMAP_EMU_STRICT "1" }
#include <complex>
#include <string>
#include <vector>
#include "deeptests.h"

typedef std::complex<double> cplx;

struct waves
{
  int id;
  std::vector<cplx> amp;
};

int
main ()
{
  std::vector<cplx> v (4, cplx (1.0, 2.0));
  long n = -1;
  double s = 0;
#pragma omp target map(tofrom: v) map(from: n, s)
  {
    n = v.size ();
    for (auto &z : v)
      {
	s += z.real ();
	z *= 2.0;
      }
  }
  CHECK (n == 4 && s == 4.0, "size %ld sum %g", n, s);
  for (size_t i = 0; i < v.size (); i++)
    CHECK (v[i] == cplx (2.0, 4.0), "v[%zu] = (%g, %g)", i, v[i].real (),
	   v[i].imag ());

  waves w;
  w.id = 3;
  w.amp.assign (1000, cplx (0.5, 0.0));
#pragma omp target map(tofrom: w)
  for (size_t i = 0; i < w.amp.size (); i++)
    w.amp[i] += cplx (double (i), 1.0);
  for (size_t i = 0; i < w.amp.size (); i++)
    CHECK (w.amp[i] == cplx (i + 0.5, 1.0), "amp[%zu] = (%g, %g)", i,
	   w.amp[i].real (), w.amp[i].imag ());

  std::vector<std::string> names = { "a", "bb", "ccc" };
  long m = -1;
#pragma omp target map(to: names) map(from: m) // { dg-warning "deepmap: pointer '_M_impl._M_start' of 'std::vector<std::\[^']*string<char> >' points to 'std::\[^']*string<char>', a type of a system header: deep copy does not follow it" }
  m = names.size ();
  CHECK (m == 3, "names: size %ld", m);
  CHECK (names[2] == "ccc", "names[2] changed");
  return 0;
}
