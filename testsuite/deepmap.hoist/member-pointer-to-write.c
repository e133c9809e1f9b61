/* A section named through a structure's pointer field and mapped 'to'
   that the kernel writes: the region reaches it through the pointer it
   loads from its copy of the structure, not through the section's own
   address.  OpenMP discards those writes at the end of each construct,
   so the section must not stay on the device (it did, and the second
   step saw the first step's writes).  The result is checked against the
   host, which discards them too.  */
/* { dg-options "-fplugin-arg-deepmap-report" } */
#include <stdlib.h>

struct grid
{
  long n;
  double *u, *v;
};

__attribute__ ((noinline)) static void
step (struct grid *g, int steps)
{
  long n = g->n;
  for (int t = 0; t < steps; t++)
    {
#pragma omp target teams distribute parallel for map(to: g->u[0:n]) \
	map(tofrom: g->v[0:n])
      for (long i = 0; i < n; i++)
	{
	  g->u[i] += 1;
	  g->v[i] += g->u[i];
	}
#pragma omp target teams distribute parallel for map(to: g->u[0:n]) \
	map(tofrom: g->v[0:n])
      for (long i = 0; i < n; i++)
	g->v[i] += g->u[i];
    }
}

int
main (void)
{
  struct grid g = { 16, calloc (16, sizeof (double)),
		    calloc (16, sizeof (double)) };
  for (int i = 0; i < 16; i++)
    g.u[i] = i;
  step (&g, 3);
  /* Each step: v += (u + 1) + u, u unchanged on the host.  */
  for (int i = 0; i < 16; i++)
    if (g.u[i] != i || g.v[i] != 3 * (2 * i + 1))
      abort ();
  return 0;
}

/* { dg-final { scan-deepmap-report "member-pointer-to-write.c:23:9: deepmap: hoist: missed: 'g->u' not kept on the device across the loop at member-pointer-to-write.c:21 because a construct maps it without 'from' and its device code may write it" } } */
