// member-pointer-to-write.c under g++: a 'to' section named through a
// structure's pointer field that the kernel writes stays mapped per
// construct, so its writes are discarded as OpenMP says.
// { dg-options "-fplugin-arg-deepmap-report" }
#include <cstdlib>

struct grid
{
  long n;
  double *u, *v;
};

template <typename G>
__attribute__ ((noinline)) static void
step (G *g, int steps)
{
  long n = g->n;
  for (int t = 0; t < steps; t++)
    {
#pragma omp target teams distribute parallel for map(to: g->u[0:n]) \
	map(tofrom: g->v[0:n])
      for (long i = 0; i < n; i++)
	{
	  g->u[i] *= 2;
	  g->v[i] += g->u[i];
	}
#pragma omp target teams distribute parallel for map(to: g->u[0:n]) \
	map(tofrom: g->v[0:n])
      for (long i = 0; i < n; i++)
	g->v[i] -= g->u[i];
    }
}

int
main ()
{
  grid g = { 16, new double[16], new double[16] };
  for (int i = 0; i < 16; i++)
    g.u[i] = i, g.v[i] = 0;
  step (&g, 4);
  // Each step: v += 2u - u, u unchanged on the host.
  for (int i = 0; i < 16; i++)
    if (g.u[i] != i || g.v[i] != 4 * i)
      abort ();
  delete[] g.u;
  delete[] g.v;
  return 0;
}

// { dg-final { scan-deepmap-report "cxx-member-pointer-to-write.C:20:9: deepmap: hoist: missed: 'g->u' not kept on the device across the loop at cxx-member-pointer-to-write.C:18" } }
