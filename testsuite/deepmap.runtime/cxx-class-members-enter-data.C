// A class enters its pointees and one member in its constructor and
// leaves them in its destructor; member functions and main use the
// object in regions whole (AMD's HPCTrainingExamples, C++ classes,
// explicit daxpy, whose members these are; an outside campaign).  `this'
// is mapped implicitly and partly present: it is mapped whole, with the
// pointers the constructor's maps went through attached.
// { dg-do run }
// { dg-require-effective-target offload_device_nonshared_as }
// { dg-set-target-env-var DEEPMAP_EMU_STRICT "1" }
#include <omp.h>
#include "check.h"

class daxpy
{
  double a_;
  double *x_;
  double *y_;
  int n_;

public:
  daxpy (double a, int n) : a_ (a), x_ (new double[n]), y_ (new double[n]),
			    n_ (n)
  {
#pragma omp target enter data map(alloc: x_[0:n_], y_[0:n_]) map(to: a_)
  }
  ~daxpy ()
  {
#pragma omp target exit data map(delete: x_[0:n_], y_[0:n_], a_)
    delete[] x_;
    delete[] y_;
  }
  void set (int i, double x, double y) { x_[i] = x; y_[i] = y; }
  double y (int i) const { return y_[i]; }
  int size () const { return n_; }
  const double *xs () const { return x_; }
  void apply ()
  {
#pragma omp target teams distribute parallel for
    for (int i = 0; i < n_; i++)
      y_[i] = a_ * x_[i] + y_[i];
  }
  void to_host ()
  {
#pragma omp target update from(y_[0:n_])
  }
};

int
main ()
{
  int dev = omp_get_default_device ();
  const double *xs;
  {
    daxpy d (2.0, 500);
    int n = d.size ();
#pragma omp target teams distribute parallel for
    for (int i = 0; i < n; i++)
      d.set (i, i, 1.0);
    d.apply ();
    d.apply ();
    d.to_host ();
    for (int i = 0; i < n; i++)
      CHECK (d.y (i) == 1.0 + 4.0 * i, "y[%d] = %g", i, d.y (i));
    xs = d.xs ();
    CHECK (omp_target_is_present (xs, dev), "x not present");
  }
  CHECK (!omp_target_is_present (xs, dev), "x present after the destructor");
  return 0;
}
