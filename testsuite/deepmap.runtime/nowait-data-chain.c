/* nowait target enter data / target / target update / target exit data
   chained by depend clauses run in order and see each other's results
   (their copies and regions are queued on device queues; each task
   completes only when its queue has passed them); taskwait and the end
   of a parallel region wait for them.  Regions in flight at once on
   shared mapped data (atomic updates) all reach the host copy, also when
   each maps the data itself: one that maps it after another unmapped it
   copies in what that one copied back.  */
/* { dg-do run } */

#include "dm-check.h"

#define N 4096

int
main (void)
{
  int dev = dm_dev ();
  int *a = malloc (N * sizeof *a), *b = malloc (N * sizeof *b);
  int s = 0, t = 0, u = 0;
  CHECK (a && b, "out of memory");
  for (int i = 0; i < N; i++)
    a[i] = i, b[i] = -1;

#pragma omp parallel num_threads(3)
#pragma omp single
  {
#pragma omp target enter data nowait map(to: a[0:N]) map(alloc: b[0:N]) \
  depend(out: a[0]) device(dev)
#pragma omp target nowait map(alloc: a[0:N], b[0:N]) depend(inout: a[0]) \
  device(dev)
    for (int i = 0; i < N; i++)
      b[i] = 2 * a[i];
    /* The host changes a while the device keeps its copy.  */
#pragma omp task depend(inout: a[0]) shared(a)
    for (int i = 0; i < N; i++)
      a[i] = 7;
#pragma omp target update nowait from(b[0:N]) depend(inout: a[0]) \
  device(dev)
#pragma omp task depend(in: a[0]) shared(b)
    for (int i = 0; i < N; i++)
      CHECK (b[i] == 2 * i, "b[%d] = %d after update from", i, b[i]);
#pragma omp target update nowait to(a[0:N]) depend(inout: a[0]) \
  device(dev)
#pragma omp target nowait map(alloc: a[0:N]) depend(inout: a[0]) \
  device(dev)
    for (int i = 0; i < N; i++)
      a[i] += i;
#pragma omp target exit data nowait map(from: a[0:N]) \
  map(release: b[0:N]) depend(in: a[0]) device(dev)
#pragma omp taskwait
    for (int i = 0; i < N; i++)
      CHECK (a[i] == 7 + i, "a[%d] = %d after exit data", i, a[i]);
    CHECK (!omp_target_is_present (a, dev), "a still present");
    CHECK (!omp_target_is_present (b, dev), "b still present");

    /* Two regions on s at once.  */
#pragma omp target enter data map(to: s) device(dev)
#pragma omp target nowait map(tofrom: s) device(dev)
    for (int i = 0; i < 1000; i++)
      {
#pragma omp atomic update
	s += 1;
      }
#pragma omp target nowait map(tofrom: s, t) device(dev)
    {
      for (int i = 0; i < 1000; i++)
	{
#pragma omp atomic update
	  s += 2;
	}
      t = 1;
    }
#pragma omp taskwait
#pragma omp target exit data map(from: s) device(dev)

    for (int r = 0; r < 8; r++)
      {
#pragma omp target nowait map(tofrom: u) device(dev)
	for (int i = 0; i < 100; i++)
	  {
#pragma omp atomic update
	    u += 1;
	  }
      }
  }
  CHECK (u == 800, "u = %d after eight regions, expected 800", u);
  CHECK (s == 3000, "s = %d after both regions, expected 3000", s);
  CHECK (t == 1, "t = %d", t);
  free (a);
  free (b);
  return 0;
}
