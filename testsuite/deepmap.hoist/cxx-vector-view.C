// A std::vector<double>'s buffer viewed as an array of a struct made of
// doubles only (struct vec3 { double x, y, z; }), as codes with
// coordinates do; the loop keeps the buffer and the host writes a
// member of one struct of the view.  plugin/dm-storage.c counts a class
// member apart from an arithmetic vector's buffer only for classes no
// program views a buffer as (those with a member of another type): the
// write is copied to the device after it.  Results are the host's.
// { dg-options "-fplugin-arg-deepmap-report -w" }
// { dg-set-target-env-var DEEPMAP_CHECK "1" }
// { dg-final { scan-deepmap-report "'c->m_xyz\\.data\\(\\)' copied to the device after a host write that may change it" } }
#include <vector>
#include "check.h"

struct vec3
{
  double x, y, z;
};

struct Coords
{
  std::vector<double> m_xyz;
  int n;
};

#define OMP(x) _Pragma (#x)
#define HOST(x)

#define CODE(run, P) \
__attribute__ ((noipa)) static double \
run (Coords *c, int steps) \
{ \
  int n = c->n; \
  double *xyz = &c->m_xyz[0]; \
  vec3 *v = reinterpret_cast<vec3 *> (xyz); \
  for (int t = 0; t < steps; t++) \
    { \
      P (omp target teams distribute parallel for map(tofrom: xyz[0:3 * n])) \
      for (int i = 0; i < 3 * n; i++) \
	xyz[i] = xyz[i] * 0.5 + (i % 3); \
      v[t % n].y = 100.0 + t; \
    } \
  double r = 0; \
  for (int i = 0; i < 3 * n; i++) \
    r += xyz[i] * (i % 5); \
  return r; \
}

CODE (run_device, OMP)
CODE (run_host, HOST)

int
main ()
{
  Coords a, b;
  a.n = b.n = 64;
  a.m_xyz.assign (3 * 64, 1.0);
  b.m_xyz.assign (3 * 64, 1.0);
  double d = run_device (&a, 7), h = run_host (&b, 7);
  CHECK (d == h, "%.17g, host %.17g", d, h);
  return 0;
}
