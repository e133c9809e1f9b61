/* target exit data map(from:) copies back only when the reference count
   drops to zero (OpenMP 5.1); map(always, from:) copies back every time.  */
/* { dg-do run } */
/* { dg-require-effective-target offload_device_nonshared_as } */

#include "dm-check.h"

#define N 40

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

#pragma omp target
  for (int i = 0; i < N; i++)
    a[i] = 2 * i;

#pragma omp target exit data map(from: a)
  CHECK (omp_target_is_present (a, dev), "a gone with one reference left");
  CHECK_INTS (a, N, i, "host copy after exit data with a reference left");

#pragma omp target
  for (int i = 0; i < N; i++)
    a[i] += 1;

#pragma omp target exit data map(from: a)
  CHECK (!omp_target_is_present (a, dev), "a still present");
  CHECK_INTS (a, N, 2 * i + 1, "host copy after the last exit data");

  /* always: copy back although references remain.  */
  int b[N];
  for (int i = 0; i < N; i++)
    b[i] = 0;
#pragma omp target enter data map(to: b)
#pragma omp target enter data map(to: b)
#pragma omp target
  for (int i = 0; i < N; i++)
    b[i] = 9;
#pragma omp target exit data map(always, from: b)
  CHECK (omp_target_is_present (b, dev), "b gone with one reference left");
  CHECK_INTS (b, N, 9, "host copy after exit data map(always, from)");
#pragma omp target exit data map(release: b)
  CHECK (!omp_target_is_present (b, dev), "b still present");
  return 0;
}
