/* target nowait with depend inside parallel + single: chains ordered by
   depend(out)/depend(in) run in order, independent chains may overlap,
   and taskwait waits for all of them (map clauses take effect when each
   task runs).  */
/* { dg-do run } */

#include "dm-check.h"

#define N 256
#define CHAINS 4

int
main (void)
{
  int x[CHAINS][N];
  int y = 0, z = 0;
  int dev = dm_dev ();

  for (int c = 0; c < CHAINS; c++)
    for (int i = 0; i < N; i++)
      x[c][i] = c;

#pragma omp parallel num_threads(4)
#pragma omp single
  {
    for (int c = 0; c < CHAINS; c++)
      {
	int *xc = x[c];
	/* Three steps per chain: x = x + 1; x = x * 3; x = x - c.  */
#pragma omp target nowait map(tofrom: xc[0:N]) depend(out: xc[0]) \
  device(dev)
	for (int i = 0; i < N; i++)
	  xc[i] += 1;
#pragma omp target nowait map(tofrom: xc[0:N]) depend(inout: xc[0]) \
  device(dev)
	for (int i = 0; i < N; i++)
	  xc[i] *= 3;
#pragma omp target nowait map(tofrom: xc[0:N]) depend(in: xc[0]) \
  firstprivate(c) device(dev)
	for (int i = 0; i < N; i++)
	  xc[i] -= c;
      }

    /* A producer and two consumers of y, then z from both.  */
#pragma omp target nowait map(tofrom: y) depend(out: y) device(dev)
    y = 10;
#pragma omp target nowait map(tofrom: y, z) depend(in: y) \
  depend(out: z) device(dev)
    z = y + 1;
#pragma omp target nowait map(tofrom: z) depend(inout: z) device(dev)
    z *= 2;
#pragma omp taskwait
    CHECK (y == 10, "y = %d after taskwait, expected 10", y);
    CHECK (z == 22, "z = %d after taskwait, expected 22", z);
    for (int c = 0; c < CHAINS; c++)
      for (int i = 0; i < N; i++)
	CHECK (x[c][i] == (c + 1) * 3 - c,
	       "chain %d x[%d] = %d after taskwait, expected %d", c, i,
	       x[c][i], (c + 1) * 3 - c);
  }

  /* A host task depending on a target task sees its results.  */
  int w = 0, seen = -1;
#pragma omp parallel num_threads(2)
#pragma omp single
  {
#pragma omp target nowait map(from: w) depend(out: w) device(dev)
    w = 99;
#pragma omp task depend(in: w) shared(w, seen)
    seen = w;
  }
  CHECK (seen == 99, "host task after a target task saw %d", seen);
  return 0;
}
