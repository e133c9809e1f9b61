// A member function's region that uses a counted pointer member: GCC
// attaches this->x itself (a zero-length section, NULL on the device
// where nothing is mapped there), and deep copy, which left such a
// pointer to the construct, now maps the elements its count names, so
// the construct's attachment finds them.  Held by an enter data of the
// object, the elements the regions wrote came back at its exit data
// (the zero-length section, copying nothing, marked them the program's
// own to copy back: nothing came back).
// { dg-require-effective-target offload_device_nonshared_as }
// { dg-set-target-env-var DEEPMAP_EMU_STRICT "1" }
#include "deeptests.h"

struct solver
{
  int n;
  double *x deepmap_counted_by (n);
  double omega;

  void step ()
  {
#pragma omp target map(tofrom: this[0:1])
    for (int i = 0; i < n; i++)
      x[i] += omega;
  }
  double sum () const
  {
    double s = 0;
    for (int i = 0; i < n; i++)
      s += x[i];
    return s;
  }
};

int
main ()
{
  solver s;
  s.n = 8;
  s.x = new double[8] ();
  s.omega = 1.0;
  s.step ();
  s.step ();
  CHECK (s.sum () == 16.0, "one-off: sum %g", s.sum ());

  solver *p = new solver;
  p->n = 10;
  p->x = new double[10] ();
  p->omega = 1.5;
#pragma omp target enter data map(to: p[0:1])
  p->step ();
  p->step ();
#pragma omp target exit data map(from: p[0:1])
  CHECK (p->sum () == 30.0, "enter data: sum %g", p->sum ());
  delete[] s.x;
  delete[] p->x;
  delete p;
  return 0;
}
