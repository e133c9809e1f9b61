// C++ classes: methods, a base and a derived class that both hold
// counted pointers, and virtual functions called inside the region.  The
// vtable pointer is the program's code, not data: deep copy leaves it
// alone (neither mapped nor attached), so the device copy keeps it and a
// virtual call in the region works (the emulated device runs the region
// on the host, where the host vtable is right).
// { dg-require-effective-target offload_device_nonshared_as }
// On the emulated device even under make check-gpu: virtual calls in the region
// go through the host's vtable, which only the emulated device can reach.
// { dg-set-target-env-var DEEPMAP_DEVICES "emu" }
#include "deeptests.h"

class shape
{
public:
  int n;
  double *w deepmap_counted_by (n);

  explicit shape (int count)
    : n (count), w (static_cast<double *> (xcalloc (count, sizeof (double))))
  {
  }
  virtual ~shape () { free (w); }
  virtual double area () const { return 1.0; }
  virtual double scale () const { return 2.0; }
  double weight () const
  {
    double s = 0;
    for (int i = 0; i < n; i++)
      s += w[i];
    return s;
  }
};

class rect : public shape
{
public:
  int m;
  int *tags deepmap_counted_by (m);
  double a, b;

  rect (int count, int ntags, double x, double y)
    : shape (count), m (ntags),
      tags (static_cast<int *> (xcalloc (ntags, sizeof (int)))), a (x), b (y)
  {
  }
  ~rect () { free (tags); }
  double area () const override { return a * b; }
  double scale () const override { return 3.0; }
};

int
main ()
{
  int dev = omp_get_default_device ();
  rect *r = new rect (16, 5, 2.0, 4.5);
  shape *s = r;
  void *vtable = *reinterpret_cast<void **> (r);
  double area = 0, scale = 0, weight = 0;

#pragma omp target enter data map(to: r[0:1])
  CHECK (omp_target_is_present (r, dev));
  CHECK (omp_target_is_present (r->w, dev));
  CHECK (omp_target_is_present (&r->w[15], dev));
  CHECK (omp_target_is_present (&r->tags[4], dev));
  // The vtable is not data of the program's: not mapped.
  CHECK (!omp_target_is_present (vtable, dev));

#pragma omp target map(from: area, scale, weight)
  {
    for (int i = 0; i < r->n; i++)
      r->w[i] = 0.5 * i;
    for (int i = 0; i < r->m; i++)
      r->tags[i] = 10 + i;
    // Through the base: the second virtual function after the
    // destructors, a slot a one-element vtable copy would not hold.
    shape *b = r;
    area = b->area ();
    scale = b->scale ();
    weight = b->weight ();
  }
  CHECK (area == 9.0 && scale == 3.0 && weight == 0.5 * 120);
  // Not copied back yet: the host still has zeros.
  CHECK (r->w[3] == 0.0 && r->tags[2] == 0);

#pragma omp target exit data map(from: r[0:1])
  CHECK (!omp_target_is_present (r, dev));
  CHECK (!omp_target_is_present (r->w, dev));
  CHECK (*reinterpret_cast<void **> (r) == vtable);
  for (int i = 0; i < r->n; i++)
    CHECK (r->w[i] == 0.5 * i);
  for (int i = 0; i < r->m; i++)
    CHECK (r->tags[i] == 10 + i);
  CHECK (s->area () == 9.0 && s->scale () == 3.0);
  delete s;
  printf ("C++ classes: ok\n");
  return 0;
}
// { dg-output "C\\+\\+ classes: ok" }
