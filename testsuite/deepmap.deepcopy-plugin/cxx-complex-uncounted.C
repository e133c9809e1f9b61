// A pointer to std::complex without a count is a guess of one element,
// as a pointer to doubles is, and warned about as one (a library type of
// plain data is not a link to one object, as a struct of the program's).
// { dg-do compile }
#include <complex>
#include "deeptests.h"

struct plan
{
  int n;
  std::complex<double> *tw; // { dg-warning "deepmap: pointer 'tw' of 'plan' points to '\[^'\]*complex<double>': one element assumed; use 'deepmap_counted_by'" }
};

void
use (plan &p)
{
#pragma omp target map(tofrom: p)
  p.tw[0] *= 2.0;
}
