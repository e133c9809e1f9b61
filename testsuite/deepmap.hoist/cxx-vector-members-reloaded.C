// A time loop that prints (so the pointer to the object holding the
// vectors is loaded again at each step, after the call) and reads one
// vector member through it: the other vector members' buffers, kept on
// the device, are not copied back for that host loop -- two members at
// different places of objects of one class are different vectors,
// whichever objects the pointers hold.  Through another pointer to the
// class that may be the same object, the same member may be the same
// vector: that one is copied back.
// { dg-options "-fplugin-arg-deepmap-report -w" }
// { dg-set-target-env-var DEEPMAP_CHECK "1" }
// { dg-final { scan-deepmap-report "'dom->m_y.data\\(\\)' kept on the device across the loop" } }
// { dg-final { scan-deepmap-report-not "'dom->m_y.data\\(\\)' copied from the device" } }
// { dg-final { scan-deepmap-report "'dom->m_x.data\\(\\)' copied from the device before the host loop" } }
// { dg-final { scan-deepmap-report "'mesh->m_q.data\\(\\)' copied from the device before the host loop" } }
// { dg-final { scan-deepmap-report-not "'mesh->m_p.data\\(\\)' copied from the device" } }
#include <cstdio>
#include <vector>
#include "check.h"

struct Domain
{
  int n;
  std::vector<double> m_x, m_y;
  double &x (int i) { return m_x[i]; }
  double &y (int i) { return m_y[i]; }
};

Domain *dom;

struct Mesh
{
  int n;
  std::vector<double> m_p, m_q;
  double &q (int i) { return m_q[i]; }
};

Mesh *mesh, *other;

#define OMP(x) _Pragma (#x)
#define HOST(x)

/* A time loop over the two member vectors U and V of *OBJ whose host
   loop reads READ (i) through the pointer READER.  */
#define LOOP(name, obj, u, v, reader, read, P) \
__attribute__ ((noinline)) static double \
name (int steps) \
{ \
  int n = obj->n; \
  double *x = &obj->u[0], *y = &obj->v[0]; \
  double s = 0; \
  for (int t = 0; t < steps; t++) \
    { \
      P (omp target teams distribute parallel for \
	 map(tofrom: x[0:n], y[0:n])) \
      for (int i = 0; i < n; i++) \
	x[i] += y[i] + t; \
      for (int i = 0; i < n; i++) \
	s += reader->read (i); \
      P (omp target teams distribute parallel for \
	 map(tofrom: x[0:n], y[0:n])) \
      for (int i = 0; i < n; i++) \
	y[i] += x[i] * 0.5; \
      if (t == steps - 1) \
	printf ("step %d\n", t); \
    } \
  return s; \
}

#define CODE(run, alias, P) \
  LOOP (run, dom, m_x, m_y, dom, x, P) \
  LOOP (alias, mesh, m_p, m_q, other, q, P)

CODE (run, alias, OMP)
CODE (host_run, host_alias, HOST)

template <typename T>
static void
fill (T *d, std::vector<double> T::*u, std::vector<double> T::*v, int n)
{
  d->n = n;
  (d->*u).assign (n, 0);
  (d->*v).assign (n, 0);
  for (int i = 0; i < n; i++)
    {
      (d->*u)[i] = i;
      (d->*v)[i] = 2 * i;
    }
}

int
main ()
{
  Domain a, b;
  Mesh c, d;
  fill (&a, &Domain::m_x, &Domain::m_y, 128);
  fill (&c, &Mesh::m_p, &Mesh::m_q, 128);
  dom = &a;
  mesh = other = &c;
  double r1 = run (4), r2 = alias (4);
  fill (&b, &Domain::m_x, &Domain::m_y, 128);
  fill (&d, &Mesh::m_p, &Mesh::m_q, 128);
  dom = &b;
  mesh = other = &d;
  double h1 = host_run (4), h2 = host_alias (4);
  CHECK (r1 == h1, "run: %g, host %g", r1, h1);
  CHECK (r2 == h2, "alias: %g, host %g", r2, h2);
  CHECK (a.m_x == b.m_x && a.m_y == b.m_y && c.m_p == d.m_p
	 && c.m_q == d.m_q, "final vectors differ");
  return 0;
}
