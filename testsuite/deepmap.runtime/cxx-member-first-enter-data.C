// Enter data in a constructor that names a member before sections through
// pointer members (this->a before this->x[0:n]): GCC 12 lists the
// attachments first; the pointers are mapped with the member and must be
// attached then, so that a region reaching the object through a pointer
// uses device addresses (AMD's Jacobi training example).
// { dg-do run }
// { dg-require-effective-target offload_device_nonshared_as }
// { dg-set-target-env-var DEEPMAP_EMU_STRICT "1" }

#include "dm-check.h"

const int n = 1000;

struct daxpy
{
  double a;
  double *x, *y;
  explicit daxpy (double s) : a (s), x (new double[n]), y (new double[n])
  {
    for (int i = 0; i < n; i++)
      {
	x[i] = 1;
	y[i] = i;
      }
#pragma omp target enter data map(to: a) map(to: x[0:n], y[0:n])
  }
  ~daxpy ()
  {
#pragma omp target exit data map(delete: a) map(delete: x[0:n], y[0:n])
    delete[] x;
    delete[] y;
  }
};

static void
run (daxpy *p)
{
#pragma omp target teams distribute parallel for
  for (int i = 0; i < n; i++)
    p->y[i] = p->a * p->x[i] + p->y[i];
}

int
main ()
{
  daxpy *d = new daxpy (2.0);
  run (d);
#pragma omp target update from(d->y[0:n])
  for (int i = 0; i < n; i++)
    CHECK (d->y[i] == 2.0 + i, "y[%d] = %g", i, d->y[i]);
  delete d;
  return 0;
}
