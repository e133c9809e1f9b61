/* target nowait outside any parallel region: the region may be deferred,
   taskwait (or the end of the program's implicit task) completes it; a
   depend chain is honoured; target enter/exit data nowait too.  */
/* { dg-do run } */

#include "dm-check.h"

#define N 100

int
main (void)
{
  int a[N], b[N];
  int dev = dm_dev ();

  for (int i = 0; i < N; i++)
    a[i] = i, b[i] = 0;

#pragma omp target nowait map(tofrom: a) depend(out: a) device(dev)
  for (int i = 0; i < N; i++)
    a[i] *= 2;
#pragma omp target nowait map(to: a) map(from: b) depend(in: a) \
  depend(out: b) device(dev)
  for (int i = 0; i < N; i++)
    b[i] = a[i] + 1;
#pragma omp taskwait
  CHECK_INTS (a, N, 2 * i, "a after taskwait");
  CHECK_INTS (b, N, 2 * i + 1, "b after taskwait");

  /* Unstructured mapping with nowait and depend.  */
#pragma omp target enter data map(to: a) nowait depend(out: a) device(dev)
#pragma omp target nowait depend(inout: a) device(dev)
  for (int i = 0; i < N; i++)
    a[i] += 5;
#pragma omp target exit data map(from: a) nowait depend(in: a) device(dev)
#pragma omp taskwait
  CHECK_INTS (a, N, 2 * i + 5, "a after enter/region/exit nowait");
  if (omp_get_num_devices () > 0)
    CHECK (!omp_target_is_present (a, dev), "a still present");

  /* target update nowait.  */
#pragma omp target data map(tofrom: b) device(dev)
  {
    for (int i = 0; i < N; i++)
      b[i] = -i;
#pragma omp target update to(b) nowait depend(out: b) device(dev)
#pragma omp target nowait depend(inout: b) device(dev)
    for (int i = 0; i < N; i++)
      b[i] *= 10;
#pragma omp taskwait
  }
  CHECK_INTS (b, N, -10 * i, "b after update nowait");
  return 0;
}
