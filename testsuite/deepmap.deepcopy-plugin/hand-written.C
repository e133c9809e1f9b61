// The hand-written deep copy of hand-written.c in C++, with a class whose
// methods map their own members: built with g++ and the plugin, it gets
// exactly the OpenMP result.
// { dg-require-effective-target offload_device_nonshared_as }
#include "deeptests.h"

class field
{
public:
  int n;
  double *v;	// { dg-warning "pointer .v. of .field. points to .double.: one element assumed" }

  explicit field (int count)
    : n (count), v (static_cast<double *> (xcalloc (count, sizeof (double))))
  {
  }
  ~field () { free (v); }

  void enter ()
  {
#pragma omp target enter data map(to: this->v[0:n])
  }
  void leave ()
  {
#pragma omp target exit data map(from: this->v[0:n])
  }
};

int
main ()
{
  int dev = omp_get_default_device ();
  field f (32);

  // The object (deep: its array with it), then the array by hand.
#pragma omp target enter data map(to: f)
  f.enter ();
  double *v = f.v;
  int n = f.n;
#pragma omp target map(to: v[0:n])
  for (int i = 0; i < n; i++)
    v[i] = 1.5 * i + 1.0;
  f.leave ();
  for (int i = 0; i < n; i++)
    CHECK (f.v[i] == 1.5 * i + 1.0);
#pragma omp target exit data map(release: f)
  CHECK (!omp_target_is_present (&f, dev));
  CHECK (!omp_target_is_present (f.v, dev));

  // The array first: releasing the object leaves it to the program.
  f.enter ();
#pragma omp target enter data map(to: f)
#pragma omp target map(to: v[0:n])
  for (int i = 0; i < n; i++)
    v[i] = -1.0;
#pragma omp target exit data map(release: f)
  CHECK (omp_target_is_present (f.v, dev));
  CHECK (f.v[0] == 1.0 && f.v[3] == 5.5);
  f.leave ();
  CHECK (f.v[0] == -1.0 && f.v[3] == -1.0);
  CHECK (!omp_target_is_present (f.v, dev));
  printf ("hand-written deep copy (C++): ok\n");
  return 0;
}
