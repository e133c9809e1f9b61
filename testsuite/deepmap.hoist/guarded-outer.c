/* A section kept across a run inside a loop, when the loop keeps another
   section only under its run-time test: the loop keeps p1 if it does
   not overlap p0 (which the loop itself does not keep: a third
   construct maps it with 'always'), the run between the first two
   constructs keeps p0.  Called with p1 = p0 + 1 the loop's test
   fails and p1 is mapped as written, so the run must test p0 against p1
   as well (found by random-hoist.py).  Results must be the host's
   (default device the initial device), with and without overlap.  */
/* { dg-options "-fplugin-arg-deepmap-report" } */
/* { dg-require-effective-target offload_device_nonshared_as } */
#include <omp.h>
#include <string.h>
#include "check.h"

#define N 48

__attribute__ ((noinline)) static void
kern (unsigned *p0, unsigned *p1, unsigned *p2, int n, int steps,
      unsigned *acc)
{
  for (int t = 0; t < steps; t++)
    {
      if (p2[2] % 7u == 3u)
	break;
#pragma omp target map(tofrom: p1[0:n]) map(to: p0[0:n])
      for (int i = 0; i < n; i++)
	{
	  p1[i] = p0[(i + 1) % n] * 3u + (unsigned) t + 3u;
	  p1[i] += p1[i] >> 3;
	}
      acc[3] += p0[26];
#pragma omp target map(to: p1[0:n]) map(tofrom: p2[0:n]) map(to: p0[0:n]) \
	map(tofrom: acc[0:4])
      for (int i = 0; i < n; i++)
	acc[2] += p1[i] + p2[i] * 4u + p0[i] * 5u + (unsigned) t + 4u;
      for (int j = 2; j < n; j += 2)
	acc[2] += p0[j];
#pragma omp target map(always, to: p0[0:n]) map(tofrom: acc[0:4])
      acc[1] += p0[t + 3];
    }
}

static unsigned buf[2][3][64], acc[2][4];

static void
run (int v, int overlap)
{
  for (int b = 0; b < 3; b++)
    for (int i = 0; i < 64; i++)
      buf[v][b][i] = (unsigned) (b * 1000 + i * 7);
  memset (acc[v], 0, sizeof acc[v]);
  unsigned *p1 = overlap ? buf[v][0] + 1 : buf[v][1];
  kern (buf[v][0], p1, buf[v][2], N, 4, acc[v]);
}

int
main (void)
{
  int dev = omp_get_default_device ();
  for (int overlap = 0; overlap < 2; overlap++)
    {
      omp_set_default_device (omp_get_initial_device ());
      run (0, overlap);
      omp_set_default_device (dev);
      run (1, overlap);
      CHECK (memcmp (acc[0], acc[1], sizeof acc[0]) == 0,
	     "overlap %d: acc differs", overlap);
      CHECK (memcmp (buf[0], buf[1], sizeof buf[0]) == 0,
	     "overlap %d: arrays differ", overlap);
    }
  return 0;
}

/* { dg-final { scan-deepmap-report "guarded-outer.c:32:9: deepmap: hoist: 'p0' kept on the device from the construct at guarded-outer.c:25 to the construct at guarded-outer.c:32 \\(enter data map\\(to\\), exit data map\\(release\\)\\)\[^\n]* if the sections the compiler cannot tell apart do not overlap at run time" } } */
/* { dg-final { scan-deepmap-report "guarded-outer.c:25:9: deepmap: hoist: 'p1' kept on the device across the loop at guarded-outer.c:21" } } */
