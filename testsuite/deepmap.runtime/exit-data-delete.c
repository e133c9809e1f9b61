/* target exit data map(delete:): removes the mapping whatever its
   reference count, without copying back; a new mapping afterwards is
   fresh.  */
/* { dg-do run } */
/* { dg-require-effective-target offload_device_nonshared_as } */

#include "dm-check.h"

#define N 50

int
main (void)
{
  int a[N];
  int dev = dm_dev ();
  dm_require_device ();

  for (int i = 0; i < N; i++)
    a[i] = i;

#pragma omp target enter data map(to: a)
#pragma omp target enter data map(to: a)
#pragma omp target enter data map(alloc: a)
  CHECK (omp_target_is_present (a, dev), "a not present after enter data");

#pragma omp target
  for (int i = 0; i < N; i++)
    a[i] = 5;

#pragma omp target exit data map(delete: a)
  CHECK (!omp_target_is_present (a, dev),
	 "a still present after exit data map(delete)");
  CHECK_INTS (a, N, i, "host copy after delete (delete never copies)");

  /* Mapping again copies the host values anew.  */
  int sum = 0;
#pragma omp target map(to: a) map(from: sum)
  {
    int s = 0;
    for (int i = 0; i < N; i++)
      s += a[i];
    sum = s;
  }
  CHECK (sum == N * (N - 1) / 2, "sum %d after remapping, expected %d", sum,
	 N * (N - 1) / 2);
  return 0;
}
