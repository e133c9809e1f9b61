/* map(tofrom: x->u, x->v) of array members through a pointer: GCC 12
   lists the members in the GOMP_MAP_STRUCT group last first (v, then
   u).  The device block must still cover both with the host's layout:
   the region reaches u and v through the structure's device address,
   their results come back, and the field between them (n, not mapped)
   keeps what the host wrote, at every step.  deepmap once took the
   extent from the first and last entries, and u's results were lost
   without a word.  */
/* { dg-do run } */
/* { dg-require-effective-target offload_device_nonshared_as } */

#include "dm-check.h"

#define N 64

struct gapped
{
  double u[N];
  int n;
  double v[N];
};

static struct gapped h;

int
main (void)
{
  struct gapped *x = &h;
  double u[N], v[N];
  for (int i = 0; i < N; i++)
    {
      h.u[i] = u[i] = i;
      h.v[i] = v[i] = 10 + i;
    }
  for (int t = 0; t < 3; t++)
    {
#pragma omp target teams distribute parallel for map(tofrom: x->u, x->v)
      for (int i = 0; i < N; i++)
	{
	  x->u[i] = 0.5 * x->u[i] + x->v[i];
	  x->v[i] += 1;
	}
      x->n = 100 + t;
      for (int i = 0; i < N; i++)
	{
	  u[i] = 0.5 * u[i] + v[i];
	  v[i] += 1;
	}
      for (int i = 0; i < N; i++)
	{
	  CHECK (h.u[i] == u[i], "step %d: u[%d] = %g, expected %g", t, i,
		 h.u[i], u[i]);
	  CHECK (h.v[i] == v[i], "step %d: v[%d] = %g, expected %g", t, i,
		 h.v[i], v[i]);
	}
      CHECK (h.n == 100 + t, "step %d: n = %d", t, h.n);
    }
  return 0;
}
