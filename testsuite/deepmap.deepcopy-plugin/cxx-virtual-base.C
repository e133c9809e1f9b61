// A virtual base lies where the most derived object puts it: a
// descriptor of L cannot know where, for an L inside a D.  Deep copy
// followed L's virtual base at its place in a lone L, and so read the
// diamond's other side (R's count and pointer) as the base's: R's int
// array went as doubles, and copy-back wrote past it.  Now a class's
// virtual bases are followed only in a final class (whose objects are
// all most derived); elsewhere they are left, with a warning.  The
// diamond's sides (non-virtual bases) are followed as before.
// { dg-require-effective-target offload_device_nonshared_as }
#include "deeptests.h"

struct Base
{
  int n;
  double *d deepmap_counted_by (n);
  virtual ~Base () {}
};
struct L : virtual Base
{
  int nl;
  int *l deepmap_counted_by (nl);
};
struct R : virtual Base
{
  int nr;
  int *r deepmap_counted_by (nr);
};
struct D final : L, R
{
  double extra;
};

static void
fill (D *o)
{
  o->n = 8;
  o->d = new double[8] ();
  o->nl = 4;
  o->l = new int[4] ();
  o->nr = 6;
  o->r = new int[6] ();
}

__attribute__ ((noinline)) static void
through_l (L *pl)
{
#pragma omp target map(tofrom: pl[0:1]) // { dg-warning "deepmap: virtual base 'Base' of 'L' holds pointers: deep copy does not follow them" }
  for (int i = 0; i < pl->nl; i++)
    pl->l[i] = 7 * i;
}

int
main ()
{
  D *o = new D;
  fill (o);
  for (int i = 0; i < 6; i++)
    o->r[i] = 100 + i;
  through_l (o);
  for (int i = 0; i < 4; i++)
    CHECK (o->l[i] == 7 * i, "through L: l[%d] = %d", i, o->l[i]);
  for (int i = 0; i < 6; i++)
    CHECK (o->r[i] == 100 + i, "through L: r[%d] = %d", i, o->r[i]);

  /* D is final: its virtual base is where D's layout says.  */
#pragma omp target map(tofrom: o[0:1])
  {
    for (int i = 0; i < o->n; i++)
      o->d[i] = i;
    for (int i = 0; i < o->nr; i++)
      o->r[i] = 20 + i;
    for (int i = 0; i < o->nl; i++)
      o->l[i] = 10 + i;
  }
  for (int i = 0; i < 8; i++)
    CHECK (o->d[i] == i, "D: d[%d] = %g", i, o->d[i]);
  for (int i = 0; i < 6; i++)
    CHECK (o->r[i] == 20 + i, "D: r[%d] = %d", i, o->r[i]);
  for (int i = 0; i < 4; i++)
    CHECK (o->l[i] == 10 + i, "D: l[%d] = %d", i, o->l[i]);
  delete[] o->d;
  delete[] o->l;
  delete[] o->r;
  delete o;
  return 0;
}
