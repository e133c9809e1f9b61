// A nowait region of a member function, ordered by depend after a task
// that gives the object a new vector and a new list: the region's deep
// items are walked when its dependences are met, so it maps what that
// task stored (the walk ran at the encounter, mapped the old pointees
// and stopped: "cannot set the device copy of the pointer ... is not
// mapped").
// { dg-require-effective-target offload_device_nonshared_as }
#include <vector>
#include "deeptests.h"

struct cell
{
  long v;
  cell *next;
};

struct bag
{
  std::vector<double> w;
  cell *head;
  double total;

  void sum_nowait ()
  {
    bag *self = this;
#pragma omp target nowait map(tofrom: self[0:1]) depend(inout: *self)
    {
      double s = 0;
      for (size_t i = 0; i < self->w.size (); i++)
	s += self->w[i];
      for (cell *c = self->head; c; c = c->next)
	s += c->v;
      self->total = s;
    }
  }
};

static cell *
cells (int n, long base)
{
  cell *h = nullptr;
  for (int i = n - 1; i >= 0; i--)
    h = new cell { base + i, h };
  return h;
}

int
main ()
{
  bag b;
  b.w.assign (10, 1.0);
  b.head = cells (8, 0);
  std::vector<double> w2 (40, 0.5);
  cell *h2 = cells (30, 100);
  double expect = 40 * 0.5;
  for (cell *c = h2; c; c = c->next)
    expect += c->v;
  int encountered = 0;
#pragma omp parallel num_threads(2)
#pragma omp single
  {
#pragma omp task depend(out: b) shared(b, w2, encountered)
    {
      double until = omp_get_wtime () + 10.0;
      while (!__atomic_load_n (&encountered, __ATOMIC_ACQUIRE)
	     && omp_get_wtime () < until)
	;
      b.w.swap (w2);
      b.head = h2;
    }
    b.sum_nowait ();
    __atomic_store_n (&encountered, 1, __ATOMIC_RELEASE);
#pragma omp taskwait
  }
  CHECK (b.total == expect, "total %g, not %g", b.total, expect);
  CHECK (!omp_target_is_present (b.w.data (), omp_get_default_device ())
	 && !omp_target_is_present (h2, omp_get_default_device ()),
	 "pointees still mapped");
  printf ("ok\n");
  return 0;
}
